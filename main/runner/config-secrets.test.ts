/** A key written into a URL of a system, judge or set is refused before anything is stored or logged. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { dispatch } from '../api/dispatch';

const KEY = 'sk-test-url-secret-0123456789abcdef';
const GENERIC_SET = resolve('resources/episode-sets/generic-mini.jsonl');
/** No key is needed (apiKeyEnv null), so only the URL can stop the run; port 9 refuses at once if one starts. */
const system = (baseUrl: string) => ({ kind: 'text', id: 'leaky', model: 'm', apiKeyEnv: null, baseUrl });

let t: TempServices;
let logged: string[];
beforeEach(async () => {
  t = await tempServices({ demo: false });
  logged = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(' '));
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  t.cleanup();
});

/** Every byte of the database files (main file and write-ahead log). */
function databaseBytes(): Buffer {
  return Buffer.concat([t.dbPath, `${t.dbPath}-wal`].filter(existsSync).map((f) => readFileSync(f)));
}

async function refusedStart(input: Record<string, unknown>): Promise<string> {
  const res = await dispatch(t.services, 'runs.start', input);
  expect(res.ok).toBe(false);
  const error = (res as { error: { code: string; message: string } }).error;
  expect(error.code).toBe('invalid_input');
  return error.message;
}

describe('a key in a URL of a run', () => {
  it('refuses a system whose baseUrl holds user:KEY@ or ?api-key=KEY; the key reaches neither the database nor the logs', async () => {
    const credentials = await refusedStart({ set: GENERIC_SET, system: system(`http://user:${KEY}@127.0.0.1:9/v1`) });
    expect(credentials).toMatch(/^system config: baseUrl: the URL carries credentials before the host/);
    const query = await refusedStart({ set: GENERIC_SET, system: system(`http://127.0.0.1:9/v1?api-key=${KEY}`) });
    expect(query).toMatch(/^system config: baseUrl: the URL carries a key in its query/);
    for (const message of [credentials, query]) expect(message).not.toContain(KEY);
    expect((await dispatch(t.services, 'runs.list', {})).ok).toBe(true);
    expect(databaseBytes().includes(KEY)).toBe(false);
    expect(logged.filter((line) => line.includes(KEY))).toEqual([]);
  });

  it('refuses a judge whose baseUrl holds a token, and a set whose speech synthesis URL holds one', async () => {
    const judge = { id: 'j', model: 'm', apiKeyEnv: null, baseUrl: `http://127.0.0.1:9/v1?token=${KEY}` };
    const judged = await refusedStart({ set: GENERIC_SET, system: system('http://127.0.0.1:9/v1'), judge });
    expect(judged).toMatch(/^judge config: baseUrl: the URL carries a key in its query/);
    const set = join(t.dir, 'leaky-set.jsonl');
    const header = {
      schema: 'earshot-set-v1',
      kind: 'generic',
      name: 'Leaky',
      synthesis: { engine: 'openai', baseUrl: `http://u:${KEY}@127.0.0.1:9/v1` },
    };
    const item = { schema: 'earshot-set-item-v1', id: 'q', question: 'Why?', reference: 'Because.' };
    writeFileSync(set, `${JSON.stringify(header)}\n${JSON.stringify(item)}\n`);
    const synthesis = await refusedStart({ set, system: system('http://127.0.0.1:9/v1') });
    expect(synthesis).toMatch(
      /^leaky-set\.jsonl: line 1: synthesis\.baseUrl: the URL carries credentials before the host/,
    );
    for (const message of [judged, synthesis]) expect(message).not.toContain(KEY);
    expect(databaseBytes().includes(KEY)).toBe(false);
    expect(logged.filter((line) => line.includes(KEY))).toEqual([]);
  });
});
