import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../open';
import { getRunRow, insertRun } from '../runs';
import { migrations } from './index';
import { redactUrl } from './013-run-config-secrets';

const dir = mkdtempSync(join(tmpdir(), 'earshot-migration-13-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEY = 'sk-test-0123456789abcdefghij';

describe('redactUrl', () => {
  it('drops credentials before the host and parameters named like a secret, keeping the rest', () => {
    expect(redactUrl(`https://user:${KEY}@api.example.com/v1`)).toBe('https://api.example.com/v1');
    expect(redactUrl(`https://api.example.com/v1?api-version=2024-10&api-key=${KEY}`)).toBe(
      'https://api.example.com/v1?api-version=2024-10',
    );
    expect(redactUrl(`wss://host/realtime?model=gpt&${KEY}`)).toBe('wss://host/realtime?model=gpt');
    expect(redactUrl(`https://host/v1#token=${KEY}`)).toBe('https://host/v1');
  });

  it('leaves URLs without secrets, and text that is not a URL, exactly as they were', () => {
    expect(redactUrl('http://127.0.0.1:8000/v1')).toBe('http://127.0.0.1:8000/v1');
    expect(redactUrl('https://api.openai.com/v1?b=2&a=1')).toBe('https://api.openai.com/v1?b=2&a=1');
    expect(redactUrl(`not a url ${KEY}`)).toBe(`not a url ${KEY}`);
  });
});

describe('migration 13 (keys in the URLs of stored run configs)', () => {
  it("removes a key from a version 12 database's run configs and changes nothing else", () => {
    const file = join(dir, 'v12.sqlite');
    const v12 = new Database(file);
    migrate(
      v12,
      migrations.filter((m) => m.version <= 12),
      file,
    );
    const system = { kind: 'text', id: 'sys', baseUrl: `https://u:${KEY}@api.example.com/v1`, model: 'm' };
    const judge = { id: 'j', baseUrl: `https://api.example.com/v1?key=${KEY}`, model: 'm', notes: ['kept as it was'] };
    const clean = { kind: 'text', id: 'clean', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' };
    const run = (config: object, judgeConfig: object | null) =>
      insertRun(v12, {
        study_id: null,
        study_name: 's',
        set_path: 'set.jsonl',
        set_name: 'set',
        set_hash: 'h',
        benchmark: 'generic',
        system_id: 'sys',
        system_kind: 'text',
        system_config: JSON.stringify(config),
        judge_config: judgeConfig && JSON.stringify(judgeConfig),
        repeats: 1,
        concurrency: 1,
        planned: 1,
        out_dir: dir,
        created_at: '2026-01-01T00:00:00Z',
      });
    const leaky = run(system, judge);
    const tidy = run(clean, null);
    const before = getRunRow(v12, tidy);
    migrate(v12, migrations, file);
    v12.close();

    // Nowhere in the file, free pages included (the old row's bytes are overwritten, not just unlinked).
    expect(readFileSync(file).includes(KEY)).toBe(false);
    const db = new Database(file);
    const after = getRunRow(db, leaky)!;
    expect(JSON.parse(after.system_config)).toEqual({ ...system, baseUrl: 'https://api.example.com/v1' });
    expect(JSON.parse(after.judge_config!)).toEqual({ ...judge, baseUrl: 'https://api.example.com/v1' });
    expect(getRunRow(db, tidy)).toEqual(before);
    db.close();
  });
});
