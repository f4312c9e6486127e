/** The services object on a real temporary SQLite file: database, event bus, jobs, paths, clock and door. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PushedEvent } from '../../shared/contract';
import { migrations } from '../db/migrations/index';
import { insertStudy, listStudies } from '../db/studies';
import { appRoot } from './paths';
import { createServices, type Services } from './services';

let dir: string;
let opened: Services[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'earshot-services-'));
  opened = [];
});
afterEach(() => {
  for (const s of opened) if (s.db.open) s.db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(file: string, options: Parameters<typeof createServices>[1] = {}): Promise<Services> {
  const services = await createServices(file, options);
  opened.push(services);
  return services;
}

describe('createServices', () => {
  it('creates the database file (and its folder) at the current schema, in WAL mode, with no studies', async () => {
    const file = join(dir, 'nested', 'studio.db');
    const s = await open(file);
    expect(existsSync(file)).toBe(true);
    expect(s.db.pragma('user_version', { simple: true })).toBe(Math.max(...migrations.map((m) => m.version)));
    expect(s.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(s.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(listStudies(s.db)).toEqual([]);
  });

  it('keeps what was written when the same file is opened again', async () => {
    const file = join(dir, 'studio.db');
    const first = await open(file);
    const now = new Date('2026-01-02T03:04:05Z');
    insertStudy(first.db, { name: 'Kept', benchmark: 'generic', description: '', info: {} }, now);
    first.db.close();
    const again = await open(file);
    expect(listStudies(again.db)).toMatchObject([{ name: 'Kept', createdAt: now.toISOString() }]);
  });

  it('defaults to the web door, the wall clock and the app root; options override each', async () => {
    const file = join(dir, 'studio.db');
    const before = Date.now();
    const plain = await open(file);
    expect(plain.door).toBe('web');
    expect(plain.clock().getTime()).toBeGreaterThanOrEqual(before);
    expect(plain.paths).toEqual({
      dbPath: file,
      resourcesDir: join(appRoot, 'resources'),
      rendererDir: join(appRoot, 'dist', 'renderer'),
    });
    // The version the studio reports is the package's.
    const pkg = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as { version: string };
    expect(plain.version).toBe(pkg.version);
    plain.db.close();
    const fixed = new Date('2026-01-02T03:04:05Z');
    const custom = await open(file, { door: 'electron', clock: () => fixed, root: '/opt/earshot' });
    expect([custom.door, custom.clock()]).toEqual(['electron', fixed]);
    expect(custom.paths.rendererDir).toBe(join('/opt/earshot', 'dist', 'renderer'));
  });

  it('wires the jobs to the event bus, so a job reports to every subscribed door', async () => {
    const s = await open(join(dir, 'studio.db'));
    const seen: PushedEvent[] = [];
    const unsubscribe = s.events.subscribe((...event) => void seen.push(event));
    const { jobId, done } = s.jobs.start('probe', async () => 'ok');
    await done;
    expect(seen.map(([name, payload]) => [name, (payload as { jobId: string }).jobId])).toEqual([
      ['job.progress', jobId],
      ['job.progress', jobId],
    ]);
    unsubscribe();
    await s.jobs.start('probe', async () => 'ok').done;
    expect(seen).toHaveLength(2);
  });
});
