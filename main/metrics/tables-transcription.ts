/** The transcription table: per system, the word error rate of its transcribed replies against its own transcript. */
import type { MetricsTable } from '../../shared/types/metrics';
import type { TranscriptionRow } from '../../shared/types/word-errors';
import { col, systemLabel } from './table-kit';

/** One table when any system's replies were transcribed before judging, else none. */
export function transcriptionTables(rows: readonly TranscriptionRow[]): MetricsTable[] {
  if (!rows.length) return [];
  return [
    {
      id: 'transcription-wer',
      section: 'transcription',
      title: 'Word error rate of the transcript the judge read against the system’s own',
      columns: [
        col('system', 'system'),
        col('model', 'transcription model'),
        col('episodes', 'episodes', 'int'),
        col('replies', 'replies', 'int'),
        col('referenceWords', 'reference words', 'int'),
        col('substitutions', 'substitutions', 'int'),
        col('deletions', 'deletions', 'int'),
        col('insertions', 'insertions', 'int'),
        col('wer', 'WER (pooled)', 'rate'),
        col('medianReplyWer', 'median reply WER', 'rate'),
      ],
      rows: rows.map((r) => ({
        system: systemLabel(r.system),
        model: r.model,
        episodes: r.episodes,
        replies: r.replies,
        referenceWords: r.referenceWords,
        substitutions: r.substitutions,
        deletions: r.deletions,
        insertions: r.insertions,
        wer: r.wer,
        medianReplyWer: r.medianReplyWer,
      })),
      note:
        'Reference: the system’s own transcript (Realtime) or text (cascade); hypothesis: the transcription the judge ' +
        'read. Both lower-cased, punctuation dropped, numbers spelled out (docs/runner.md). Pooled WER = (S + D + I) / N.',
    },
  ];
}
