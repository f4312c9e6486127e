/** Methods aligning an episode's untimed turns to its call audio again, with other settings (docs/alignment.md). */
import { z } from 'zod';
import { method } from './define';

/** What an alignment did: episodes and turns given estimated times, and why an episode was left. */
export interface AlignResult {
  episodes: number;
  turns: number;
  notes: string[];
}

/** Alignment methods by name. */
export const alignmentMethods = {
  /** Re-aligns one episode: WebRTC VAD mode 0–3 and the pause length bridged; never replaces times from the data. */
  'episodes.align': method<AlignResult>()(
    z
      .object({
        episodeId: z.number().int().positive(),
        aggressiveness: z.number().int().min(0).max(3),
        minGapMs: z.number().int().min(0).max(5000).optional(),
      })
      .strict(),
  ),
} as const;
