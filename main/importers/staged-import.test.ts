import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { writePcm16 } from '../../test-support/wav';
import { openDatabase, type Db } from '../db/open';
import { findStudy, listStudies } from '../db/studies';
import { getEpisode, listEpisodes } from '../db/episodes';
import { computeAudioPeaksAndHash } from '../audio/audio-peaks';
import { getAssetFile } from '../db/audio';
import type { BatchEpisode, ImportBatch } from './batch';
import type { PreparedAudio } from './batch-inserter';
import { prepareEpisode } from './prepared-episode';
import { writeBatch, writeEpisodeChunks } from './write-batch';

let t: TempServices;
let dir: string;
let reader: Db;
beforeEach(async () => {
  t = await tempServices({ demo: false });
  dir = mkdtempSync(join(tmpdir(), 'earshot-staged-'));
  // another connection, as the web host or a second studio has: it sees only what is committed and complete
  reader = openDatabase(t.dbPath);
});
afterEach(() => {
  reader.close();
  t.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const ep = (externalId: string, extra: Partial<BatchEpisode> = {}): BatchEpisode => ({
  externalId,
  system: 's',
  task: 't',
  trial: 0,
  condition: { noise: 'low' },
  outcome: 'pass',
  reward: 1,
  durationMs: 1000,
  info: {},
  turns: [{ speaker: 'user', startMs: 0, endMs: 500, text: `hello ${externalId}` }],
  audio: [],
  judgements: [{ judgeId: 'j', label: 'pass' }],
  annotations: [],
  ...extra,
});
const batchOf = (episodes: BatchEpisode[], studyName = 'S'): ImportBatch => ({
  format: 'generic',
  benchmark: 'generic',
  studyName,
  studyInfo: {},
  source: 'test',
  episodes,
  skipped: 0,
  warnings: [],
});

/** Every row an import writes anywhere, by table. */
function rowCounts(db: Db) {
  const tables = ['studies', 'episodes', 'turns', 'judgements', 'episode_conditions', 'episode_audio', 'audio_assets'];
  const more = ['imports', 'annotators', 'annotations', 'label_history'];
  return Object.fromEntries(
    [...tables, ...more].map((n) => [n, db.prepare(`SELECT count(*) FROM ${n}`).pluck().get() as number]),
  );
}
const rawEpisodeIds = (db: Db) => db.prepare('SELECT id FROM episodes ORDER BY id').pluck().all() as number[];
const studyNames = (db: Db) => listStudies(db).map((s) => `${s.name}: ${s.episodeCount}`);

describe('an import in progress', () => {
  it('is seen by no reader until it completes, then wholly', async () => {
    const batch = batchOf([ep('e1'), ep('e2'), ep('e3')]);
    const [e1, e2, e3] = batch.episodes.map(prepareEpisode);
    const seen: unknown[] = [];
    function* chunks() {
      yield [e1];
      const [staged] = rawEpisodeIds(reader);
      // written and committed, yet no lookup finds the study, its episode, or the episode by id
      seen.push(studyNames(reader), findStudy(reader, 'S'), getEpisode(reader, staged), staged);
      yield [e2, e3];
    }
    const summary = await writeEpisodeChunks(t.services.db, batch, new Map(), chunks(), { now: new Date() });
    expect(seen).toEqual([[], null, null, 1]);
    expect(studyNames(reader)).toEqual(['S: 3']);
    expect(summary).toMatchObject({ study: { name: 'S' }, episodes: 3 });
    expect(getEpisode(reader, 1)?.episode.externalId).toBe('e1');
  });

  it('into an existing study: the study keeps its episodes and count, and gets no labels, until it completes', async () => {
    const db = t.services.db;
    await writeBatch(db, batchOf([ep('e1')]), { now: new Date() });
    const withLabels = batchOf([
      ep('e2', { annotations: [{ annotator: 'Ana', field: 'source', value: 'agent' }] }),
      ep('e3'),
    ]);
    const [e2, e3] = withLabels.episodes.map(prepareEpisode);
    const seen: unknown[] = [];
    function* chunks() {
      yield [e2];
      const s = findStudy(reader, 'S')!;
      seen.push(
        studyNames(reader),
        listEpisodes(reader, s.id).map((e) => e.externalId),
        rowCounts(reader).annotators,
      );
      yield [e3];
    }
    const summary = await writeEpisodeChunks(db, withLabels, new Map(), chunks(), { now: new Date() });
    expect(seen).toEqual([['S: 1'], ['e1'], 0]);
    expect(summary).toMatchObject({ episodes: 2, annotations: 1 });
    expect(studyNames(reader)).toEqual(['S: 3']);
    expect(rowCounts(reader)).toMatchObject({
      studies: 1,
      imports: 2,
      annotators: 1,
      annotations: 1,
      label_history: 1,
    });
  });

  it('serves no audio of an import in progress by asset id until it completes', async () => {
    writePcm16(join(dir, 'c.wav'), 8000, 1, 8000, (i) => Math.sin(i / 3));
    const audio = new Map<string, PreparedAudio>([
      [join(dir, 'c.wav'), await computeAudioPeaksAndHash(join(dir, 'c.wav'))],
    ]);
    const batch = batchOf([ep('e1', { audio: [{ path: join(dir, 'c.wav'), role: 'call', lanes: [] }] }), ep('e2')]);
    const [e1, e2] = batch.episodes.map(prepareEpisode);
    const assetIds = () => reader.prepare('SELECT id FROM audio_assets').pluck().all() as number[];
    let during: unknown = 'not looked';
    function* chunks() {
      yield [e1];
      const [asset] = assetIds();
      during = [asset, getAssetFile(reader, asset)];
      yield [e2];
    }
    await writeEpisodeChunks(t.services.db, batch, audio, chunks(), { now: new Date() });
    const [asset] = assetIds();
    expect(during).toEqual([asset, null]);
    expect(getAssetFile(reader, asset)).toEqual({ path: join(dir, 'c.wav'), format: 'wav/pcm_s16' });
  });

  it('cancelled between transactions, rejects and leaves no row anywhere', async () => {
    writePcm16(join(dir, 'a.wav'), 8000, 1, 8000, (i) => Math.sin(i / 5));
    const audio = new Map<string, PreparedAudio>([
      [join(dir, 'a.wav'), await computeAudioPeaksAndHash(join(dir, 'a.wav'))],
    ]);
    const link = [{ path: join(dir, 'a.wav'), role: 'call', lanes: [] }];
    const batch = batchOf([ep('e1', { audio: link }), ep('e2')]);
    const before = rowCounts(t.services.db);
    const controller = new AbortController();
    const [e1, e2] = batch.episodes.map(prepareEpisode);
    let written: number[] = [];
    function* chunks() {
      yield [e1];
      written = rawEpisodeIds(reader);
      controller.abort(new Error('cancelled by the user'));
      yield [e2];
    }
    await expect(
      writeEpisodeChunks(t.services.db, batch, audio, chunks(), { now: new Date(), signal: controller.signal }),
    ).rejects.toThrow('cancelled by the user');
    expect(written).toHaveLength(1);
    expect(rowCounts(reader)).toEqual(before);
  });

  it('fails when its source fails after some chunks, leaving no row anywhere (audio included)', async () => {
    writePcm16(join(dir, 'b.wav'), 8000, 1, 8000, (i) => Math.cos(i / 7));
    const audio = new Map<string, PreparedAudio>([
      [join(dir, 'b.wav'), await computeAudioPeaksAndHash(join(dir, 'b.wav'))],
    ]);
    const batch = batchOf([ep('e1', { audio: [{ path: join(dir, 'b.wav'), role: 'call', lanes: [] }] })]);
    const before = rowCounts(t.services.db);
    function* chunks() {
      yield batch.episodes.map(prepareEpisode);
      expect(rowCounts(reader).audio_assets).toBe(1);
      throw new Error('simulations/zz.json: not valid JSON');
    }
    await expect(writeEpisodeChunks(t.services.db, batch, audio, chunks(), { now: new Date() })).rejects.toThrow(
      'not valid JSON',
    );
    expect(rowCounts(reader)).toEqual(before);
  });

  it('writes a large batch in many short transactions, the event loop turning between them', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => ep(`e${i}`));
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    try {
      expect((await writeBatch(t.services.db, batchOf(many), { now: new Date() })).episodes).toBe(3000);
    } finally {
      clearInterval(ticker);
    }
    // one transaction would have let the loop turn only once, after it
    expect(ticks).toBeGreaterThan(5);
    expect(rawEpisodeIds(reader)).toEqual(many.map((_, i) => i + 1));
  });
});
