/** VERA's word error rate table: spoken answer and question audio, per system, overall and per track. */
import type { MetricsTable, VeraSection } from '../../shared/types/metrics';
import type { PooledWer, VeraWerRow } from '../../shared/types/vera-wer-rows';
import { col, coverage, intervalCells, systemLabel } from './table-kit';

const KIND_LABEL = {
  answer: 'spoken answer vs its text',
  question: 'question audio vs question text',
} as const;

/** The WER table of a VERA section (none when neither kind has a pair). */
export function veraWerTables(v: VeraSection, confidence: number): MetricsTable[] {
  const { answer, question, answerAbsent, questionAbsent } = v.wer;
  const rows = [...answer, ...question];
  if (!rows.length) return [];
  const cells = (r: VeraWerRow, scope: string, w: PooledWer) => ({
    system: systemLabel(r.system),
    kind: KIND_LABEL[r.kind],
    scope,
    responses: scope === 'overall' ? r.responses : null,
    without: scope === 'overall' ? r.without : null,
    items: w.items,
    pairs: w.pairs,
    referenceWords: w.referenceWords,
    substitutions: w.substitutions,
    deletions: w.deletions,
    insertions: w.insertions,
    wer: w.wer,
    ...intervalCells('wer', w.interval),
  });
  const absent = [
    answerAbsent ? `No answer WER: ${answerAbsent}.` : '',
    questionAbsent ? `No question WER: ${questionAbsent}.` : '',
  ].filter(Boolean);
  return [
    {
      id: 'vera-wer',
      section: 'vera',
      title: 'Word error rate: spoken answer against its text, question audio against the question text',
      columns: [
        col('system', 'system'),
        col('kind', 'compared'),
        col('scope', 'track'),
        col('responses', 'responses', 'int'),
        col('without', 'without transcript', 'int'),
        col('items', 'items', 'int'),
        col('pairs', 'pairs', 'int'),
        col('referenceWords', 'N', 'int'),
        col('substitutions', 'S', 'int'),
        col('deletions', 'D', 'int'),
        col('insertions', 'I', 'int'),
        col('wer', 'WER', 'rate'),
        col('werLow', 'low', 'rate'),
        col('werHigh', 'high', 'rate'),
      ],
      rows: rows.flatMap((r) => [cells(r, 'overall', r.overall), ...r.tracks.map((t) => cells(r, t.track, t))]),
      note: [
        'WER = (S + D + I) / N, pooled as total errors over total reference words, after the normalization of ' +
          'main/stats/text (NFKC, lower case, digits spelled out, punctuation dropped). Answer: reference = the ' +
          'system’s own answer text, hypothesis = the transcript of its audio; question: reference = the question ' +
          `text, hypothesis = what the system heard. ${coverage(confidence)} intervals resample items.`,
        ...absent,
      ].join(' '),
    },
  ];
}
