/** The numbered migrations, in ascending order: applying migration N sets `PRAGMA user_version = N`. */
import { migration001 } from './001-initial';
import { migration002 } from './002-annotation';
import { migration003 } from './003-runs';
import { migration004 } from './004-browse';
import { migration005 } from './005-browse-speed';
import { migration006 } from './006-browse-version';
import { migration007 } from './007-contentless-text';
import { migration008 } from './008-judge-validation';
import { migration009 } from './009-strict-tables';
import { migration010 } from './010-hide-reference';
import { migration011 } from './011-casebook';
import { migration012 } from './012-aligned-turns';
import { migration013 } from './013-run-config-secrets';
import { migration014 } from './014-queue-item-design';
import { migration015 } from './015-episode-audio-by-asset';
import { migration016 } from './016-study-browse-version';
import { migration017 } from './017-lighter-episode-move';
import { migration018 } from './018-peaks-overview';
import { migration019 } from './019-imports-complete-in-place';
import type Database from 'better-sqlite3';
import type { RebuildMigration } from './table-rebuild';

/** A data step: a function changing rows (not the schema), run in the migration's transaction. */
export interface UpdateMigration {
  version: number;
  update: (db: Database.Database) => void;
}

/** A schema step: its number and its SQL, a function rebuilding tables (run as table-rebuild.ts says), or a data step. */
export type Migration = { version: number; sql: string } | RebuildMigration | UpdateMigration;

/** Every migration, ascending by version (002 annotation, 003 runs slot in by number). */
export const migrations: readonly Migration[] = [
  { version: 1, sql: migration001 },
  { version: 2, sql: migration002 },
  { version: 3, sql: migration003 },
  { version: 4, sql: migration004 },
  { version: 5, sql: migration005 },
  { version: 6, sql: migration006 },
  { version: 7, sql: migration007 },
  { version: 8, sql: migration008 },
  { version: 9, rebuild: migration009 },
  { version: 10, sql: migration010 },
  { version: 11, sql: migration011 },
  { version: 12, sql: migration012 },
  { version: 13, update: migration013 },
  { version: 14, sql: migration014 },
  { version: 15, sql: migration015 },
  { version: 16, sql: migration016 },
  { version: 17, sql: migration017 },
  { version: 18, sql: migration018 },
  { version: 19, sql: migration019 },
];

/** The schema version this code brings a database to. */
export const latestVersion = migrations[migrations.length - 1].version;
