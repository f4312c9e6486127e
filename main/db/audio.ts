/** Audio assets and their episode links: metadata, peaks, the file behind an asset id, and assets an import stores. */
import type { Db } from './open';
import type { AudioAssetInfo, AudioPeaks, Speaker } from '../../shared/domain';
import { PENDING_IMPORT_STUDIES } from './imports';

interface AssetDbRow {
  id: number;
  path: string;
  format: string;
  sample_rate: number;
  channels: number;
  duration_ms: number;
  peaks_per_second: number;
  peaks: Buffer;
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

/** Stores an audio asset; returns its id. */
export function insertAudioAsset(db: Db, a: NewAudioAsset): number {
  const res = db
    .prepare(
      `INSERT INTO audio_assets (path, sha256, format, sample_rate, channels, duration_ms, peaks_per_second, peaks)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(a.path, a.sha256, a.format, a.sampleRate, a.channels, a.durationMs, a.peaksPerSecond, a.peaks);
  return Number(res.lastInsertRowid);
}

/** Deletes every asset no episode links (those of an import that failed or was cancelled); returns how many. */
export function deleteUnlinkedAssets(db: Db): number {
  return db.prepare('DELETE FROM audio_assets WHERE id NOT IN (SELECT asset_id FROM episode_audio)').run().changes;
}
