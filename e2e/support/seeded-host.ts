/** A test host of its own per `describe`: a fresh database seeded only through the CLI, then `earshot serve` on it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { earshotJson, type CliPlace } from '../../test-support/earshot-cli';
import { startHost, type HostOptions, type TestHost } from './host';

/** One `earshot import PATH [--study NAME]` to run before the host starts. */
export interface SeedImport {
  path: string;
  study?: string;
}

/** What to put into the database before serving it; every step is a CLI command a user could type. */
export interface Seed {
  /** Imports, in order. */
  imports?: SeedImport[];
  /** Label bundles (`earshot labels import FILE`), in order, after the imports. */
  labelBundles?: string[];
  /** Any further commands, each an argv after `earshot` (`--db` is added), run last. */
  commands?: string[][];
  /** A last step for what the CLI has no command for (the spec says which), given where the database is. */
  after?: (place: CliPlace) => void | Promise<void>;
}

/** A database seeded by `seedDatabase`: its file, and the folder it lives in (also the CLI's EARSHOT_HOME). */
export interface SeededDatabase {
  dir: string;
  db: string;
}

/** Seeds a fresh database in a folder of its own through the CLI; the caller removes `dir`. */
export async function seedDatabase(seed: Seed = {}, env?: Record<string, string>): Promise<SeededDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'earshot-e2e-seed-'));
  const db = join(dir, 'earshot.db');
  const place = { home: dir, db, env };
  // `studies` creates the database with its demo study, as the first start of the studio does.
  earshotJson(place, 'studies');
  for (const i of seed.imports ?? []) earshotJson(place, 'import', i.path, ...(i.study ? ['--study', i.study] : []));
  for (const bundle of seed.labelBundles ?? []) earshotJson(place, 'labels', 'import', bundle);
  for (const argv of seed.commands ?? []) earshotJson(place, ...argv);
  await seed.after?.(place);
  return { dir, db };
}

/** Seeds a fresh database in its own folder through the CLI and starts a host on it; stop() removes the folder. */
export async function startSeededHost(
  seed: Seed = {},
  extraArgs: string[] = [],
  options: HostOptions = {},
): Promise<TestHost> {
  const { dir, db } = await seedDatabase(seed, options.env);
  const host = await startHost(extraArgs, { ...options, db });
  return {
    ...host,
    async stop() {
      await host.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
