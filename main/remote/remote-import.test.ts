/**
 * `earshot import s3://…` and `https://…` against a local server speaking the S3 protocol (test-support/s3-server),
 * through the real AWS SDK: a τ-Voice run with its WAV imported, a dropped download resumed with Range, a size or
 * hash mismatch refused by name, signed and anonymous requests, and URLs carrying secrets refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../cli/main';
import { startLocalS3, type LocalS3 } from '../../test-support/s3-server/server';
import { makeTau2RunWithAudio, SIM_ID } from '../../test-support/tau2-run';
import { fixture } from '../../test-support/fixtures';
import { removeTempDirs, tempDir } from '../../test-support/temp-files';
import { cacheFolder, remoteCacheRoot } from './cache';

const WAV = `tau2-run/artifacts/task_40/sim_${SIM_ID}/audio/both.wav`;
const TRANSCRIPT = 'main_runs__modeb_gemini_high_regular_2026-09-02.jsonl';

let s3: LocalS3;
let home: string;
let objects: string;
const saved: Record<string, string | undefined> = {};
const ENV = {
  AWS_ENDPOINT_URL_S3: '',
  EARSHOT_HOME: '',
  AWS_EC2_METADATA_DISABLED: 'true',
  AWS_ACCESS_KEY_ID: undefined,
  AWS_SECRET_ACCESS_KEY: undefined,
  AWS_PROFILE: undefined,
} as Record<string, string | undefined>;

async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    return { code: await main(argv), stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

const db = () => join(tempDir('earshot-remote-db-'), 'studio.db');
const gets = (key: string) =>
  s3.requests.filter((r) => r.method === 'GET' && r.url.split('?')[0] === `/${s3.bucket}/${key}`);

beforeAll(async () => {
  objects = tempDir('earshot-s3-objects-');
  makeTau2RunWithAudio(objects);
  mkdirSync(join(objects, 'elicit'));
  copyFileSync(fixture('tau-elicitation', 'transcripts', TRANSCRIPT), join(objects, 'elicit', TRANSCRIPT));
  s3 = await startLocalS3(objects);
  home = tempDir('earshot-remote-home-');
  Object.assign(ENV, { AWS_ENDPOINT_URL_S3: s3.endpoint, EARSHOT_HOME: home });
  for (const [k, v] of Object.entries(ENV)) {
    saved[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

afterEach(() => {
  s3.requests.length = 0;
  s3.pageSize = 1000;
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await s3?.close();
  removeTempDirs();
});

describe('earshot import s3://', () => {
  it('imports a τ-Voice run folder with its WAV, listing page by page with continuation tokens', async () => {
    s3.pageSize = 2;
    const res = await run('import', `s3://${s3.bucket}/tau2-run/`, '--no-sign-request', '--db', db(), '--json');
    expect(res.stderr).toMatch(/s3:\/\/earshot-test\/tau2-run\/: 3 files \(3 downloaded, 0 from the cache\)/);
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out).toMatchObject({
      format: 'tau2',
      episodes: 1,
      audio: 1,
      remote: { files: 3, downloaded: 3, signed: false },
    });
    expect(out.turns).toBeGreaterThan(10);
    expect(out.study.name).toBe('tau2-run (retail, openai:gpt-realtime-2)'); // named after the remote folder
    const lists = s3.requests.filter((r) => r.url.includes('list-type=2'));
    expect(lists.length).toBe(2);
    expect(lists[1].url).toContain('continuation-token=');
    expect(s3.requests.every((r) => r.signedWith === null)).toBe(true);
    expect(out.remote.cached.startsWith(remoteCacheRoot())).toBe(true);
    expect(
      statSync(join(out.remote.cached, 'artifacts', 'task_40', `sim_${SIM_ID}`, 'audio', 'both.wav')).size,
    ).toBeGreaterThan(1e6);
  });

  it('takes verified files from the cache the second time and downloads nothing', async () => {
    const file = db();
    await run('import', `s3://${s3.bucket}/tau2-run/`, '--no-sign-request', '--db', file);
    s3.requests.length = 0;
    const again = await run('import', `s3://${s3.bucket}/tau2-run/`, '--no-sign-request', '--db', file);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/\(0 downloaded, 3 from the cache\)/);
    expect(again.stdout).toMatch(/already imported/);
    expect(s3.requests.filter((r) => r.method === 'GET' && !r.url.includes('list-type'))).toEqual([]);
  });

  it('resumes a download whose connection dropped midway with a Range request from the partial file', async () => {
    const wav = join(runCache(), WAV);
    rmCache();
    s3.dropNextGet(WAV, 300_000);
    const res = await run('import', `s3://${s3.bucket}/tau2-run/`, '--no-sign-request', '--db', db(), '--json');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ episodes: 1, audio: 1 });
    const tries = gets(WAV);
    expect(tries.map((t) => t.range?.replace(/\d+/, 'N') ?? null)).toEqual([null, 'bytes=N-']);
    const resumedAt = Number(/\d+/.exec(tries[1].range!)![0]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(300_000); // what reached the partial file before the drop
    expect(tries[1].status).toBe(206);
    expect(readFileSync(wav).subarray(0, 4).toString()).toBe('RIFF');
  });

  it('resumes from a partial file an interrupted import left in the cache', async () => {
    rmCache();
    const part = join(runCache(), WAV) + '.part';
    mkdirSync(join(part, '..'), { recursive: true });
    const whole = readFileSync(join(objects, WAV));
    writeFileSync(part, whole.subarray(0, 123_456));
    const res = await run('import', `s3://${s3.bucket}/tau2-run/`, '--no-sign-request', '--db', db());
    expect(res.code).toBe(0);
    expect(gets(WAV).map((t) => t.range)).toEqual(['bytes=123456-']);
  });

  it('refuses an object whose bytes do not match its ETag, naming it, and imports nothing', async () => {
    const file = db();
    const whole = readFileSync(join(objects, WAV));
    const changed = Buffer.from(whole);
    changed[5000] ^= 0xff;
    s3.corrupt(WAV, changed);
    try {
      rmCache();
      const res = await run('import', `s3://${s3.bucket}/tau2-run/`, '--no-sign-request', '--db', file);
      expect(res.code).toBe(3);
      expect(res.stderr).toMatch(
        new RegExp(`s3://earshot-test/${WAV.replace(/\./g, '\\.')}: MD5 [0-9a-f]{32} does not match the object's ETag`),
      );
      const studies = await run('studies', '--db', file, '--json');
      expect(JSON.parse(studies.stdout).some((s: { name: string }) => s.name.startsWith('tau2-run'))).toBe(false);
      s3.corrupt(WAV, whole.subarray(0, whole.length - 10));
      rmCache();
      const short = await run('import', `s3://${s3.bucket}/tau2-run/`, '--no-sign-request', '--db', file);
      expect(short.code).toBe(3);
      expect(short.stderr).toMatch(
        new RegExp(
          `${WAV.replace(/\./g, '\\.')}: downloaded ${whole.length - 10} bytes, the server lists ${whole.length}`,
        ),
      );
    } finally {
      s3.corrupt(WAV, whole);
    }
  });

  it('signs with the credentials of the default chain, and never prints or stores the secret', async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIDEARSHOTTEST';
    process.env.AWS_SECRET_ACCESS_KEY = 'earshot-secret-never-shown';
    try {
      rmCache();
      const res = await run('import', `s3://${s3.bucket}/tau2-run/`, '--db', db(), '--json');
      expect(res.code).toBe(0);
      expect(JSON.parse(res.stdout).remote.signed).toBe(true);
      expect(s3.requests.length).toBeGreaterThan(3);
      expect(s3.requests.every((r) => r.signedWith === 'AWS4-HMAC-SHA256 AKIDEARSHOTTEST')).toBe(true);
      expect(res.stdout + res.stderr).not.toContain('earshot-secret-never-shown');
      expect(cacheText()).not.toMatch(/earshot-secret-never-shown|AKIDEARSHOTTEST/);
      s3.requests.length = 0;
      rmCache();
      await run('import', `s3://${s3.bucket}/tau2-run/`, '--no-sign-request', '--db', db());
      expect(s3.requests.every((r) => r.signedWith === null)).toBe(true);
    } finally {
      delete process.env.AWS_ACCESS_KEY_ID;
      delete process.env.AWS_SECRET_ACCESS_KEY;
    }
  });
});

describe('earshot import https://', () => {
  it('imports one file (a τ-Elicitation transcript file) by its URL', async () => {
    const res = await run('import', `${s3.endpoint}/${s3.bucket}/elicit/${TRANSCRIPT}`, '--db', db(), '--json');
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out).toMatchObject({ format: 'tau-elicitation', remote: { files: 1 } });
    expect(out.episodes).toBeGreaterThan(10);
  });

  it('imports a folder from its HTML index, following links into subfolders', async () => {
    const res = await run('import', `${s3.endpoint}/${s3.bucket}/tau2-run/`, '--db', db(), '--json');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ format: 'tau2', episodes: 1, audio: 1, remote: { files: 3 } });
    // one HEAD tells the location is an index, then one sizes each of the three files
    expect(s3.requests.filter((r) => r.method === 'HEAD').length).toBe(4);
  });

  it('imports a folder from an S3 XML listing, page by page', async () => {
    s3.pageSize = 2;
    const res = await run(
      'import',
      `${s3.endpoint}/${s3.bucket}/?list-type=2&prefix=tau2-run/`,
      '--db',
      db(),
      '--json',
    );
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ format: 'tau2', episodes: 1, audio: 1, remote: { files: 3 } });
    expect(s3.requests.some((r) => r.url.includes('continuation-token='))).toBe(true);
  });

  it('refuses URLs carrying secrets without quoting them, and plain http to other hosts', async () => {
    const signed = await run('import', 'https://bucket.example/x.json?X-Amz-Signature=deadbeefdeadbeef', '--db', db());
    expect(signed.code).toBe(3);
    expect(signed.stderr).toMatch(/key in its query/);
    expect(signed.stderr).not.toContain('deadbeef');
    const userinfo = await run('import', 'https://me:hunter2@bucket.example/run/', '--db', db());
    expect(userinfo.code).toBe(3);
    expect(userinfo.stderr).not.toContain('hunter2');
    const plain = await run('import', 'http://example.com/run/', '--db', db());
    expect(plain.code).toBe(3);
    expect(plain.stderr).toMatch(/plain http is accepted for this machine only/);
    expect(s3.requests).toEqual([]);
  });
});

const runCache = () => cacheFolder(remoteCacheRoot(), `s3://${s3.bucket}/tau2-run/`, s3.endpoint);

function rmCache(): void {
  rmSync(runCache(), { recursive: true, force: true });
}

function cacheText(): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.json')) out.push(readFileSync(full, 'utf8'));
    }
  };
  walk(remoteCacheRoot());
  return out.join('\n');
}
