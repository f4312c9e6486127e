/** The numbered migrations, in order: migration N brings the schema to `PRAGMA user_version = N`. */
import { migration001 } from './001-initial';

/** Ordered SQL of every migration; index 0 is migration 1. */
export const migrations: readonly string[] = [migration001];
