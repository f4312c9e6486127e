/** Per-system word errors of transcribed agent replies, read from episodes' `info.agentTranscripts` (docs/runner.md). */
import { median } from '../median';
import { pooledWordErrors } from './wer';
import type { TranscriptionRow, WordErrors } from '../../../shared/types/word-errors';

/** An episode as far as its transcripts go. */
export interface TranscribedEpisode {
  system: string;
  info: Record<string, unknown>;
}

const count = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

/** One stored reply's counts, or null when the entry is not one the runner writes. */
function entryErrors(entry: unknown): { model: string; errors: WordErrors } | null {
  if (entry === null || typeof entry !== 'object') return null;
  const { wer: w, model } = entry as { wer?: Record<string, unknown>; model?: unknown };
  if (!w || typeof w !== 'object') return null;
  const [n, hits, s, d, i] = ['referenceWords', 'hits', 'substitutions', 'deletions', 'insertions'].map((k) =>
    count(w[k]),
  );
  if (n === null || hits === null || s === null || d === null || i === null) return null;
  const errors = {
    referenceWords: n,
    hits,
    substitutions: s,
    deletions: d,
    insertions: i,
    wer: n ? (s + d + i) / n : null,
  };
  return { model: typeof model === 'string' ? model : '', errors };
}

/** Every system with at least one transcribed reply, in first-seen order: its replies' word errors pooled. */
export function transcriptionRows(episodes: readonly TranscribedEpisode[]): TranscriptionRow[] {
  const bySystem = new Map<string, { episodes: number; models: Set<string>; replies: WordErrors[] }>();
  for (const e of episodes) {
    const list = Array.isArray(e.info.agentTranscripts) ? e.info.agentTranscripts : [];
    const read = list.map(entryErrors).filter((x): x is NonNullable<typeof x> => x !== null);
    if (!read.length) continue;
    const row = bySystem.get(e.system) ?? { episodes: 0, models: new Set<string>(), replies: [] };
    row.episodes++;
    for (const r of read) {
      if (r.model) row.models.add(r.model);
      row.replies.push(r.errors);
    }
    bySystem.set(e.system, row);
  }
  return [...bySystem].map(([system, r]) => ({
    system,
    model: [...r.models].join(', '),
    episodes: r.episodes,
    replies: r.replies.length,
    ...pooledWordErrors(r.replies),
    medianReplyWer: median(r.replies.map((x) => x.wer).filter((x): x is number => x !== null)),
  }));
}
