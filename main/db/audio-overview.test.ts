/** The overview an asset keeps (migration 18): cut once when stored, answered instead of cutting on every open. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { getPeaksCut, insertAudioAsset } from './audio';
import { OVERVIEW_BUCKETS, overviewBytes, peakBytes } from '../../shared/peaks-codec';
import { mulberry32 } from '../stats/agreement/prng';

let t: TempServices;
beforeAll(async () => {
  t = await tempServices();
});
afterAll(() => t.cleanup());

/** Two lanes of `buckets` random peak bytes, stored as an asset; returns its id and the bytes. */
function storeAsset(buckets: number, seed: number): { id: number; peaks: Buffer } {
  const next = mulberry32(seed);
  const peaks = Buffer.from(Uint8Array.from({ length: 2 * buckets }, () => next() % 256));
  const id = insertAudioAsset(t.services.db, {
    path: `/calls/${seed}.wav`, sha256: `sha-${seed}`, format: 'wav', sampleRate: 8000, channels: 2,
    durationMs: buckets * 20, peaksPerSecond: 50, peaks,
  });
  return { id, peaks };
}

const storedOverview = (id: number) =>
  (t.services.db.prepare('SELECT overview FROM audio_assets WHERE id = ?').get(id) as { overview: Buffer | null })
    .overview;

describe('the stored overview of long peaks', () => {
  it('is cut when the asset is stored and answered for the overview width, equal to the cut made on the fly', () => {
    const { id, peaks } = storeAsset(100_000, 1);
    const cut = overviewBytes(peaks, 2, 100_000, OVERVIEW_BUCKETS);
    expect(Buffer.compare(storedOverview(id)!, Buffer.from(cut))).toBe(0);
    const answered = getPeaksCut(t.services.db, id, OVERVIEW_BUCKETS)!;
    expect(answered).toMatchObject({ assetId: id, channels: 2, buckets: OVERVIEW_BUCKETS, durationMs: 2_000_000 });
    expect(answered.peaksPerSecond).toBeCloseTo((50 * OVERVIEW_BUCKETS) / 100_000, 12);
    expect(Array.from(peakBytes(answered))).toEqual(Array.from(cut));
    // Another width is cut from the whole peaks.
    const narrow = getPeaksCut(t.services.db, id, 1000)!;
    expect(Array.from(peakBytes(narrow))).toEqual(Array.from(overviewBytes(peaks, 2, 100_000, 1000)));
  });

  it('is what the overview width reads (a row from before migration 18, without one, is cut when asked)', () => {
    const { id, peaks } = storeAsset(50_000, 2);
    const db = t.services.db;
    db.prepare('UPDATE audio_assets SET overview = zeroblob(?) WHERE id = ?').run(2 * OVERVIEW_BUCKETS, id);
    expect(peakBytes(getPeaksCut(db, id, OVERVIEW_BUCKETS)!).every((b) => b === 0)).toBe(true);
    db.prepare('UPDATE audio_assets SET overview = NULL WHERE id = ?').run(id);
    const cut = overviewBytes(peaks, 2, 50_000, OVERVIEW_BUCKETS);
    expect(Array.from(peakBytes(getPeaksCut(db, id, OVERVIEW_BUCKETS)!))).toEqual(Array.from(cut));
  });

  it('is not kept for peaks no longer than the overview, which are answered whole', () => {
    const { id, peaks } = storeAsset(OVERVIEW_BUCKETS, 3);
    expect(storedOverview(id)).toBeNull();
    const answered = getPeaksCut(t.services.db, id, OVERVIEW_BUCKETS)!;
    expect(answered.buckets).toBe(OVERVIEW_BUCKETS);
    expect(Buffer.compare(Buffer.from(peakBytes(answered)), peaks)).toBe(0);
  });
});
