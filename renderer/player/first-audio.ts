/**
 * The first audio asset of the episodes the list shows, asked for as rows come into view, so the press that opens an
 * episode starts its audio at once instead of after a reply.
 */
import type { AudioAssetInfo } from '../../shared/domain';
import { call } from '../api/client';

/** Most episodes asked about in one call (the contract's limit). */
const BATCH = 200;

/** Per episode answered: its first asset, or null without audio; and the episodes whose answer is on its way. */
let known = new Map<number, AudioAssetInfo | null>();
let asking = new Set<number>();

/** Asks for the first asset of those of `episodeIds` not asked about yet; resolves when the answers are kept. */
export async function learnFirstAudio(episodeIds: readonly number[]): Promise<void> {
  const [into, waiting] = [known, asking];
  const asked = [...new Set(episodeIds)].filter((id) => !into.has(id) && !waiting.has(id)).slice(0, BATCH);
  if (asked.length === 0) return;
  for (const id of asked) waiting.add(id);
  try {
    const { audio } = await call('episodes.firstAudio', { episodeIds: asked });
    for (const id of asked) into.set(id, null);
    for (const { episodeId, asset } of audio) into.set(episodeId, asset);
  } catch {
    // asked again when next shown
  } finally {
    for (const id of asked) waiting.delete(id);
  }
}

/** The episode's first asset when known; null when it has none, undefined when not known. */
export function firstAudioOf(episodeId: number): AudioAssetInfo | null | undefined {
  return known.get(episodeId);
}

/** Forgets every episode's asset (ids may name other episodes once the studio shows another study or import). */
export function forgetFirstAudio(): void {
  known = new Map();
  asking = new Set();
}
