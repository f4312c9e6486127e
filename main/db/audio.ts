/** Audio assets and their episode links: metadata, peaks, the file behind an asset id, and assets an import stores. */
import type { Db } from './open';
import type { AudioAssetInfo, AudioPeaks, Speaker } from '../../shared/domain';
import { PENDING_IMPORT_STUDIES } from './imports';
import { OVERVIEW_BUCKETS, overviewBytes } from '../../shared/peaks-codec';

interface AssetDbRow {
  id: number;
  path: string;
  format: string;
  sample_rate: number;
  channels: number;
  duration_ms: number;
  peaks_per_second: number;
  peaks: Buffer;
  overview: Buffer | null;
}

/** The audio attached to an episode, without samples or peaks. */
export function listEpisodeAudio(db: Db, episodeId: number): AudioAssetInfo[] {
  const rows = db
    .prepare(
      `SELECT a.id, a.format, a.sample_rate, a.channels, a.duration_ms, ea.role, ea.lanes
       FROM episode_audio ea JOIN audio_assets a ON a.id = ea.asset_id WHERE ea.episode_id = ? ORDER BY ea.role, a.id`,
    )
    .all(episodeId) as (Omit<AssetDbRow, 'path' | 'peaks' | 'peaks_per_second'> & { role: string; lanes: string })[];
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    lanes: JSON.parse(r.lanes) as Speaker[],
    sampleRate: r.sample_rate,
    channels: r.channels,
    durationMs: r.duration_ms,
    format: r.format,
  }));
}

/** The stored peaks of an asset; null when the asset does not exist. */
export function getPeaks(db: Db, assetId: number): AudioPeaks | null {
  const r = db
    .prepare('SELECT id, channels, duration_ms, peaks_per_second, peaks FROM audio_assets WHERE id = ?')
    .get(assetId) as Pick<AssetDbRow, 'id' | 'channels' | 'duration_ms' | 'peaks_per_second' | 'peaks'> | undefined;
  if (!r) return null;
  return {
    assetId: r.id,
    channels: r.channels,
    buckets: r.peaks.byteLength / r.channels,
    data: r.peaks.toString('base64'),
    peaksPerSecond: r.peaks_per_second,
    durationMs: r.duration_ms,
  };
}

/**
 * The peaks of an asset cut to at most `maxBuckets` per channel, each kept bucket the loudest of those it covers
 * (`overviewBytes`); the stored overview when `maxBuckets` is `OVERVIEW_BUCKETS`, without reading the whole peaks.
 * Null when the asset does not exist.
 */
export function getPeaksCut(db: Db, assetId: number, maxBuckets: number): AudioPeaks | null {
  const r = db
    .prepare(
      `SELECT id, channels, duration_ms, peaks_per_second, length(peaks) AS bytes, overview FROM audio_assets
       WHERE id = ?`,
    )
    .get(assetId) as (Omit<AssetDbRow, 'path' | 'format' | 'sample_rate' | 'peaks'> & { bytes: number }) | undefined;
  if (!r) return null;
  const stored = r.bytes / r.channels;
  if (stored <= maxBuckets) return getPeaks(db, assetId);
  const bytes =
    maxBuckets === OVERVIEW_BUCKETS && r.overview
      ? r.overview
      : overviewBytes(storedPeakBytes(db, assetId), r.channels, stored, maxBuckets);
  const buckets = bytes.length / r.channels;
  return {
    assetId: r.id,
    channels: r.channels,
    buckets,
    data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    peaksPerSecond: (r.peaks_per_second * buckets) / stored,
    durationMs: r.duration_ms,
  };
}

function storedPeakBytes(db: Db, assetId: number): Buffer {
  return (db.prepare('SELECT peaks FROM audio_assets WHERE id = ?').get(assetId) as Pick<AssetDbRow, 'peaks'>).peaks;
}

/**
 * The file and content type behind an asset id, for the media doors; null when unknown, and when no episode a reader
 * may see links it (an asset only an import in progress links stays hidden with the import).
 */
export function getAssetFile(db: Db, assetId: number): { path: string; format: string } | null {
  const r = db
    .prepare(
      `SELECT path, format FROM audio_assets a WHERE id = ? AND EXISTS (
         SELECT 1 FROM episode_audio ea JOIN episodes e ON e.id = ea.episode_id
         WHERE ea.asset_id = a.id AND e.study_id NOT IN (${PENDING_IMPORT_STUDIES}))`,
    )
    .get(assetId) as Pick<AssetDbRow, 'path' | 'format'> | undefined;
  return r ?? null;
}

/** The id of the stored asset with this content hash, or null. */
export function assetIdBySha256(db: Db, sha256: string): number | null {
  const r = db.prepare('SELECT id FROM audio_assets WHERE sha256 = ?').get(sha256) as { id: number } | undefined;
  return r?.id ?? null;
}

/** An audio file as stored: where it is, its content hash, its format and its peaks. */
export interface NewAudioAsset {
  path: string;
  sha256: string;
  format: string;
  sampleRate: number;
  channels: number;
  durationMs: number;
  peaksPerSecond: number;
  peaks: Buffer;
}

/** Stores an audio asset with its overview (migration 18) when its peaks are longer than that; returns its id. */
export function insertAudioAsset(db: Db, a: NewAudioAsset): number {
  const buckets = a.peaks.byteLength / a.channels;
  const overview = buckets > OVERVIEW_BUCKETS ? overviewBytes(a.peaks, a.channels, buckets, OVERVIEW_BUCKETS) : null;
  const res = db
    .prepare(
      `INSERT INTO audio_assets (path, sha256, format, sample_rate, channels, duration_ms, peaks_per_second, peaks,
         overview) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(a.path, a.sha256, a.format, a.sampleRate, a.channels, a.durationMs, a.peaksPerSecond, a.peaks, overview);
  return Number(res.lastInsertRowid);
}

/** Deletes every asset no episode links (those of an import that failed or was cancelled); returns how many. */
export function deleteUnlinkedAssets(db: Db): number {
  return db.prepare('DELETE FROM audio_assets WHERE id NOT IN (SELECT asset_id FROM episode_audio)').run().changes;
}
