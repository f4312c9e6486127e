import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { writePcm16, wavBytes } from '../../test-support/wav';
import { readGenericJsonl } from './generic/read-generic';
import { writeBatch, writeEpisodeChunks } from './write-batch';
import { prepareEpisode } from './prepared-episode';
import { openDatabase, type Db } from '../db/open';
import { listStudies } from '../db/studies';
import { listEpisodes } from '../db/episodes';
import { createAnnotator } from '../annotation/annotators';
import { setLabel } from '../annotation/labels';
import type { BatchEpisode, ImportBatch } from './batch';

let t: TempServices;
let dir: string;
beforeEach(async () => {
  t = await tempServices({ demo: false });
  dir = mkdtempSync(join(tmpdir(), 'earshot-write-'));
});
afterEach(() => {
  t.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

function counts(db: Db) {
  const n = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { studies: n('studies'), episodes: n('episodes'), turns: n('turns'), audio: n('audio_assets'), judgements: n('judgements'), annotations: n('annotations'), history: n('label_history') };
}

function study(lines: unknown[]): string {
  const f = join(dir, 'study.jsonl');
  writeFileSync(f, lines.map((l) => JSON.stringify(l)).join('\n'));
  return f;
}

const episode = (id: string, extra: Record<string, unknown> = {}) => ({
  schema: 'earshot-episode-v1', id, system: 's', turns: [{ speaker: 'user', start_ms: 0, end_ms: 500, text: 'hi' }],
  audio: [{ path: 'a.wav', lanes: ['user', 'agent'] }], judgements: [{ judge_id: 'j', label: 'fail' }],
  annotations: [{ annotator: 'A', field: 'source', value: 'agent' }], ...extra,
});

describe('writeBatch', () => {
  it('writes everything and reports the counts', async () => {
    writePcm16(join(dir, 'a.wav'), 8000, 2, 8000, (i) => Math.sin(i));
    const batch = await readGenericJsonl(study([episode('e1'), episode('e2')]));
    const summary = await writeBatch(t.services.db, batch, { now: new Date() });
    expect(summary).toMatchObject({ episodes: 2, turns: 2, audio: 1, judgements: 2, annotations: 2, unchanged: false });
    expect(counts(t.services.db)).toEqual({ studies: 1, episodes: 2, turns: 2, audio: 1, judgements: 2, annotations: 2, history: 2 });
  });

  it('changes nothing when the same files are imported again', async () => {
    writePcm16(join(dir, 'a.wav'), 8000, 2, 8000, (i) => Math.sin(i));
    const f = study([episode('e1')]);
    await writeBatch(t.services.db, await readGenericJsonl(f), { now: new Date() });
    const before = counts(t.services.db);
    const again = await writeBatch(t.services.db, await readGenericJsonl(f), { now: new Date() });
    expect(again.unchanged).toBe(true);
    expect(counts(t.services.db)).toEqual(before);
  });

  it('is all or nothing: a WAV truncated after it was read, on the last episode, leaves the database as it was', async () => {
    writePcm16(join(dir, 'a.wav'), 8000, 2, 8000, (i) => Math.sin(i));
    writePcm16(join(dir, 'b.wav'), 8000, 1, 2500, () => 0);
    const batch = await readGenericJsonl(study([episode('e1'), episode('e2', { audio: [{ path: 'b.wav' }] })]));
    // the reader refuses a broken header by line and field (hostile-files); cut after the read, the writer must
    const truncated = { sampleRate: 8000, channels: 1, bitsPerSample: 16, data: Buffer.alloc(10), declaredDataBytes: 5000 };
    writeFileSync(join(dir, 'b.wav'), wavBytes(truncated));
    await expect(writeBatch(t.services.db, batch, { now: new Date() })).rejects.toThrow(/b\.wav: header says the data chunk has 5000 bytes/);
    expect(counts(t.services.db)).toEqual({ studies: 0, episodes: 0, turns: 0, audio: 0, judgements: 0, annotations: 0, history: 0 });
  });

  it('refuses an episode that already exists with different content, and writes nothing of the batch', async () => {
    writePcm16(join(dir, 'a.wav'), 8000, 2, 8000, (i) => Math.sin(i));
    await writeBatch(t.services.db, await readGenericJsonl(study([episode('e1')])), { now: new Date() });
    const before = counts(t.services.db);
    const changed = await readGenericJsonl(study([episode('e0'), episode('e1', { system: 'other' })]));
    await expect(writeBatch(t.services.db, changed, { now: new Date() })).rejects.toThrow(/episode 2 \(e1\): externalId: already in the study with different content/);
    expect(counts(t.services.db)).toEqual(before);
  });

  it('stops before writing anything when cancelled', async () => {
    writePcm16(join(dir, 'a.wav'), 8000, 2, 8000, (i) => Math.sin(i));
    const controller = new AbortController();
    controller.abort();
    await expect(writeBatch(t.services.db, await readGenericJsonl(study([episode('e1')])), { now: new Date(), signal: controller.signal })).rejects.toThrow();
    expect(counts(t.services.db).episodes).toBe(0);
  });
});

describe('writeBatch inserts', () => {
  const ep = (externalId: string, system = 's', labels: string[] = []): BatchEpisode => ({
    externalId, system, task: 't', trial: 0, condition: { noise: 'low', domain: 'airline' }, outcome: 'pass', reward: 1, durationMs: 1000,
    info: {}, turns: [{ speaker: 'user', startMs: 0, endMs: 500, text: `hello ${externalId}` }], audio: [],
    judgements: labels.map((label, i) => ({ judgeId: `j${i}`, label })), annotations: [],
  });
  const batchOf = (episodes: BatchEpisode[], studyName = 'S'): ImportBatch => ({
    format: 'generic', benchmark: 'generic', studyName, studyInfo: {}, source: 'test', episodes, skipped: 0, warnings: [],
  });

  it('gives episodes the ids SQLite would, with their latest judge label, conditions and searchable text', async () => {
    const db = t.services.db;
    await writeBatch(db, batchOf([ep('a', 's', ['pass', 'fail']), ep('b')], 'first'), { now: new Date() });
    await writeBatch(db, batchOf([ep('c', 's', ['x'])], 'second'), { now: new Date() });
    expect(db.prepare('SELECT id, external_id, judge_label FROM episodes ORDER BY id').raw().all()).toEqual([[1, 'a', 'fail'], [2, 'b', null], [3, 'c', 'x']]);
    expect(db.prepare("SELECT episode_id FROM episode_conditions WHERE key = 'noise' ORDER BY episode_id").pluck().all()).toEqual([1, 2, 3]);
    expect(db.prepare("SELECT rowid FROM episode_text WHERE episode_text MATCH 'hello AND b'").pluck().all()).toEqual([2]);
  });

  it('skips an episode repeated in a batch with the same content and refuses one repeated with another', async () => {
    const db = t.services.db;
    const summary = await writeBatch(db, batchOf([ep('a'), ep('a'), ep('b')]), { now: new Date() });
    expect(summary.episodes).toBe(2);
    await expect(writeBatch(db, batchOf([ep('c'), ep('c', 'other')], 'T'), { now: new Date() })).rejects.toThrow(
      /episode 2 \(c\): externalId: already in the study with different content/,
    );
    expect(db.prepare('SELECT external_id FROM episodes ORDER BY id').pluck().all()).toEqual(['a', 'b']);
  });

  it('writes many episodes, several statements of rows each', async () => {
    const db = t.services.db;
    const many = Array.from({ length: 300 }, (_, i) => ep(`e${i}`, `s${i % 3}`, ['ok']));
    expect((await writeBatch(db, batchOf(many), { now: new Date() })).episodes).toBe(300);
    expect(db.prepare('SELECT count(*), min(id), max(id), count(DISTINCT system) FROM episodes').raw().get()).toEqual([300, 1, 300, 3]);
    expect(db.prepare('SELECT count(*) FROM episode_conditions').pluck().get()).toBe(600);
  });
});

describe('an import beside another connection that writes (a server saving labels)', () => {
  it('leaves the write lock free between its transactions: a save in between neither waits nor fails the import', async () => {
    writePcm16(join(dir, 'a.wav'), 8000, 2, 8000, (i) => Math.sin(i));
    const db = t.services.db;
    // the study exists, so each of the import's transactions reads (content hashes) before it writes
    await writeBatch(db, await readGenericJsonl(study([episode('e1')])), { now: new Date() });
    const batch = await readGenericJsonl(study([episode('e2', { audio: [] }), episode('e3', { audio: [] })]));
    const [first] = listStudies(db).flatMap((st) => listEpisodes(db, st.id)).filter((e) => e.externalId === 'e1');
    const ana = createAnnotator(db, { name: 'Ana' }, new Date()).id;
    const server = openDatabase(t.dbPath);
    server.pragma('busy_timeout = 0');
    // the server's own label save, through the product's function on its own connection
    const saveLabel = () =>
      setLabel(server, { episodeId: first.id, annotatorId: ana, field: 'source', value: 'agent' }, new Date());
    const during: string[] = [];
    const [e2, e3] = batch.episodes.map(prepareEpisode);
    function* chunks() {
      yield [e2];
      // between two of the import's transactions, with no busy timeout: a held lock would refuse it at once
      try {
        saveLabel();
        during.push('saved');
      } catch (err) {
        during.push((err as Error).message);
      }
      yield [e3];
    }
    try {
      const summary = await writeEpisodeChunks(db, batch, new Map(), chunks(), { now: new Date() });
      expect(summary).toMatchObject({ episodes: 2, unchanged: false });
      expect(during).toEqual(['saved']);
      expect(() => saveLabel()).not.toThrow();
      expect(counts(db).episodes).toBe(3);
    } finally {
      server.close();
    }
  });
});
