/** Every figure of a study as tables (shown by the Results view, exported as CSV / Markdown, printed by the CLI). */
import type { DsbDgSection, LabelSection, MetricsTable, StudyMetrics, VeraSection } from '../../shared/types/metrics';
import { publishedInteractionTables } from './tables-published';
import { tauTables } from './tables-tau';
import { correctedTables } from './tables-corrected';
import { transcriptionTables } from './tables-transcription';
import { dsbRunTables } from './tables-dsb-runs';
import { dsbLatencyTables } from './tables-dsb-latency';
import { veraWerTables } from './tables-vera-wer';
import { MIN_CELL_ITEMS } from '../stats/benchmarks/min-cell';
import {
  col,
  coverage,
  intervalCells,
  minimumNote,
  rateCells,
  rateColumns,
  smallRows,
  systemLabel,
} from './table-kit';
import type { GroundingRow } from '../../shared/types/grounding-rows';

const groundingColumns = (groupLabel: string | null): MetricsTable['columns'] => [
  col('system', 'system'),
  ...(groupLabel ? [col('group', groupLabel)] : []),
  col('probes', 'probes', 'int'),
  ...rateColumns('accuracy', 'grounding accuracy', true),
  ...rateColumns('hallucination', 'hallucination', true),
  col('intrinsicRate', 'intrinsic', 'rate'), col('intrinsicLow', 'low', 'rate'), col('intrinsicHigh', 'high', 'rate'),
  col('extrinsicRate', 'extrinsic', 'rate'), col('extrinsicLow', 'low', 'rate'), col('extrinsicHigh', 'high', 'rate'),
  ...rateColumns('refusal', 'refusal on unanswerable', true),
  col('overRefusalRate', 'refusal on answerable', 'rate'), col('overRefusalLow', 'low', 'rate'),
  col('overRefusalHigh', 'high', 'rate'),
  col('falseConfidenceRate', 'false confidence', 'rate'), col('falseConfidenceLow', 'low', 'rate'),
  col('falseConfidenceHigh', 'high', 'rate'),
];

const groundingCells = (
  r: Pick<GroundingRow, 'system' | 'summary' | 'intervals'> & { group?: string },
): MetricsTable['rows'][number] => ({
  system: systemLabel(r.system),
  ...(r.group !== undefined ? { group: r.group } : {}),
  probes: r.summary.probes,
  ...rateCells('accuracy', r.summary.accuracy), ...intervalCells('accuracy', r.intervals.accuracy),
  ...rateCells('hallucination', r.summary.hallucination), ...intervalCells('hallucination', r.intervals.hallucination),
  intrinsicRate: r.summary.intrinsic.value, ...intervalCells('intrinsic', r.intervals.intrinsic),
  extrinsicRate: r.summary.extrinsic.value, ...intervalCells('extrinsic', r.intervals.extrinsic),
  ...rateCells('refusal', r.summary.refusalOnUnanswerable),
  ...intervalCells('refusal', r.intervals.refusalOnUnanswerable),
  overRefusalRate: r.summary.refusalOnAnswerable.value,
  ...intervalCells('overRefusal', r.intervals.refusalOnAnswerable),
  falseConfidenceRate: r.summary.falseConfidence.value,
  ...intervalCells('falseConfidence', r.intervals.falseConfidence),
});

/** The note of a grounding table: what each rate is over, and how its interval is drawn. */
const groundingNote = (confidence: number): string =>
  `Accuracy over answerable probes, hallucination over answers given, refusal and false confidence over unanswerable ` +
  `probes (refusal on answerable: over answerable). ${coverage(confidence)} intervals resample scripts.`;

/** The note's sentence on greyed rows, with a leading space, when any of `rows` is below the minimum; else ''. */
const smallNote = (rows: readonly { belowMinimum: boolean }[]): string =>
  rows.some((r) => r.belowMinimum) ? ` ${minimumNote(MIN_CELL_ITEMS)}` : '';

function veraTables(v: VeraSection, confidence: number): MetricsTable[] {
  const section = 'vera';
  const tables: MetricsTable[] = [
    {
      id: 'vera-accuracy',
      section,
      title: 'VERA accuracy per track',
      columns: [col('system', 'system'), col('modality', 'modality'), ...v.tracks.map((t) => col(`track:${t}`, t, 'rate')), col('macro', 'macro', 'rate'), ...rateColumns('micro', 'pooled', true)],
      rows: v.systems.map((r) => ({
        system: systemLabel(r.system), modality: r.modality, ...Object.fromEntries(r.tracks.map((t) => [`track:${t.track}`, t.accuracy.value])), macro: r.macro,
        ...rateCells('micro', r.micro), ...intervalCells('micro', r.interval),
      })),
      note: `Accuracy = CORRECT / scored; macro = mean of track accuracies. ${coverage(confidence)} interval of the pooled accuracy resamples items.`,
    },
  ];
  if (v.gaps.length) {
    const repeat = (r: number | 'mean') => (r === 'mean' ? 'mean' : String(r));
    // the rows of the per-track table, in its order: each gap's tracks, then its macro row (never greyed)
    const trackRows = v.gaps.flatMap((g) => [...g.tracks, { belowMinimum: false }]);
    tables.push({
      id: 'vera-voice-text-gap',
      section,
      title: 'Voice–text gap, pooled over tracks (paired by item)',
      columns: [
        col('voice', 'voice system'), col('text', 'text system'), col('repeat', 'repeat'), col('pairs', 'pairs', 'int'),
        col('unpaired', 'unpaired', 'int'), col('voiceAccuracy', 'voice', 'rate'), col('textAccuracy', 'text', 'rate'),
        col('gap', 'gap (text − voice)', 'num'), col('gapLow', 'low', 'num'), col('gapHigh', 'high', 'num'),
        col('b', 'text only', 'int'), col('c', 'voice only', 'int'), col('p', 'exact McNemar p', 'p'),
        col('chiSquare', 'χ² (Yates)', 'num'), col('chiSquareP', 'χ² p', 'p'), col('holmP', 'Holm p', 'p'),
      ],
      rows: v.gaps.map((g) => ({
        voice: g.voiceSystem, text: g.textSystem, repeat: repeat(g.repeat), pairs: g.pooled.pairs, unpaired: g.unpaired,
        voiceAccuracy: g.pooled.voiceAccuracy, textAccuracy: g.pooled.textAccuracy, gap: g.pooled.gap,
        ...intervalCells('gap', g.pooled.interval), b: g.pooled.test?.b ?? null, c: g.pooled.test?.c ?? null,
        p: g.pooled.test?.exactP ?? null, chiSquare: g.pooled.test?.chiSquare ?? null,
        chiSquareP: g.pooled.test?.chiSquareP ?? null, holmP: g.holmP,
      })),
      belowMinimum: smallRows(v.gaps.map((g) => g.pooled)),
      note: `${coverage(confidence)} interval: paired percentile bootstrap over items. ` +
        'Holm across the per-repeat rows. ' +
        'Repeat = trial number; “mean” scores each item by its mean over the repeats (no McNemar).' +
        smallNote(v.gaps.map((g) => g.pooled)),
    });
    tables.push({
      id: 'vera-gap-tracks',
      section,
      title: 'Voice–text gap per track and macro-averaged over tracks',
      columns: [
        col('voice', 'voice system'), col('text', 'text system'), col('repeat', 'repeat'), col('track', 'track'),
        col('pairs', 'pairs', 'int'), col('voiceAccuracy', 'voice', 'rate'), col('textAccuracy', 'text', 'rate'),
        col('gap', 'gap (text − voice)', 'num'), col('gapLow', 'low', 'num'), col('gapHigh', 'high', 'num'),
        col('b', 'text only', 'int'), col('c', 'voice only', 'int'), col('p', 'exact McNemar p', 'p'),
        col('holmP', 'Holm p (tracks)', 'p'),
      ],
      rows: v.gaps.flatMap((g) => {
        const base = { voice: g.voiceSystem, text: g.textSystem, repeat: repeat(g.repeat) };
        return [
          ...g.tracks.map((t) => ({
            ...base, track: t.track, pairs: t.pairs, voiceAccuracy: t.voiceAccuracy, textAccuracy: t.textAccuracy,
            gap: t.gap,
            ...intervalCells('gap', t.interval), b: t.test?.b ?? null, c: t.test?.c ?? null, p: t.test?.exactP ?? null,
            holmP: t.holmP,
          })),
          {
            ...base, track: 'macro', pairs: g.macro.pairs, voiceAccuracy: g.macro.voiceAccuracy,
            textAccuracy: g.macro.textAccuracy, gap: g.macro.gap, ...intervalCells('gap', g.macro.interval),
            b: null, c: null, p: null, holmP: null,
          },
        ];
      }),
      belowMinimum: smallRows(trackRows),
      note: `Macro = unweighted mean over the tracks with pairs. ${coverage(confidence)} intervals resample items ` +
        '(for macro, over all tracks). Exact McNemar per track, Holm across the tracks of the same systems and ' +
        `repeat.${smallNote(trackRows)}`,
    });
  }
  tables.push({
    id: 'vera-latency-accuracy',
    section,
    title: 'Latency and accuracy per system',
    columns: [col('system', 'system'), col('modality', 'modality'), col('n', 'timed responses', 'int'), col('p50', 'latency p50', 'ms'), col('mean', 'mean', 'ms'), col('p95', 'p95', 'ms'), col('accuracy', 'accuracy', 'rate'), col('macro', 'macro', 'rate')],
    rows: v.scatter.map((p) => ({ system: systemLabel(p.system), modality: p.modality, n: p.latency.n, p50: p.latency.p50, mean: p.latency.mean, p95: p.latency.p95, accuracy: p.accuracy, macro: p.macro })),
  });
  return tables;
}

function dsbTables(d: DsbDgSection, confidence: number): MetricsTable[] {
  const section = 'dsb-dg';
  const tables: MetricsTable[] = [
    {
      id: 'dsb-dg-grounding', section, title: 'Grounding per system', columns: groundingColumns(null),
      rows: d.bySystem.map(groundingCells), note: groundingNote(confidence),
    },
    {
      id: 'dsb-dg-tier', section, title: 'Grounding per context tier', columns: groundingColumns('tier'),
      rows: d.byTier.map(groundingCells), note: groundingNote(confidence),
    },
    {
      id: 'dsb-dg-domain', section, title: 'Grounding per domain', columns: groundingColumns('domain'),
      rows: d.byDomain.map(groundingCells), note: groundingNote(confidence),
    },
    {
      id: 'dsb-dg-decay', section, title: 'Grounding Decay Score (late probes paired with their early twins)',
      columns: [
        col('system', 'system'), col('pairs', 'pairs', 'int'), col('unpaired', 'unpaired late', 'int'),
        ...rateColumns('early', 'early'), ...rateColumns('late', 'late'),
        col('gds', 'GDS (pp)', 'num'), col('gdsLow', 'low', 'num'), col('gdsHigh', 'high', 'num'),
      ],
      rows: d.decay.map((r) => ({
        system: systemLabel(r.system), pairs: r.pairs, unpaired: r.unpaired, ...rateCells('early', r.early),
        ...rateCells('late', r.late), gds: r.gds, ...intervalCells('gds', r.interval),
      })),
      note: `GDS = 100 × (late − early accuracy) on pairs, negative for loss. ` +
        `${coverage(confidence)} interval resamples scripts.`,
    },
    {
      id: 'dsb-dg-refresh', section, title: 'Proactive grounding: refresh schedules against no refresh, same questions',
      columns: [
        col('system', 'system'), col('schedule', 'schedule'), col('questions', 'questions', 'int'),
        ...rateColumns('none', 'no refresh'), ...rateColumns('accuracy', 'with refresh'),
        col('benefit', 'benefit (pp)', 'num'), col('benefitLow', 'low', 'num'), col('benefitHigh', 'high', 'num'),
      ],
      rows: d.refresh.map((r) => ({
        system: systemLabel(r.system), schedule: r.schedule, questions: r.questions, ...rateCells('none', r.none),
        ...rateCells('accuracy', r.accuracy), benefit: r.benefit, ...intervalCells('benefit', r.interval),
      })),
      note: 'Benefit = 100 × (accuracy with refresh − without) on the questions asked under both. ' +
        `${coverage(confidence)} ` +
        'interval resamples questions.',
    },
  ];
  const shown = tables.filter((t) => t.rows.length > 0 || t.id === 'dsb-dg-grounding');
  return [...shown, ...dsbLatencyTables(d, confidence)];
}

function labelTables(l: LabelSection): MetricsTable[] {
  const tables: MetricsTable[] = [];
  if (l.failures.length) {
    tables.push({
      id: 'failure-labels',
      section: 'labels',
      title: 'Failure source and subtype per system',
      columns: [col('view', 'view'), col('system', 'system'), col('calls', 'calls', 'int'), col('kind', 'kind'), col('label', 'label'), col('count', 'count', 'int'), col('share', 'share', 'rate')],
      rows: l.failures.flatMap((v) =>
        v.rows.flatMap((r) => [
          ...r.sources.map((s) => ({ view: v.view, system: systemLabel(r.system), calls: r.calls, kind: l.sourceField ?? 'source', label: s.label, count: s.count, share: s.share })),
          ...r.subtypes.map((s) => ({ view: v.view, system: systemLabel(r.system), calls: r.calls, kind: l.subtypeField ?? 'subtype', label: s.label, count: s.count, share: s.share })),
        ]),
      ),
      note: 'Resolved = adjudication, else the annotators’ common label, else “disputed”. Shares are over calls with a label of that kind.',
    });
  }
  for (const c of l.categories) {
    tables.push({
      id: `category-deviation-${c.family}`,
      section: 'labels',
      title: `Error-category rate deviation from the overall rate (${c.family})`,
      columns: [col('system', 'system'), col('episodes', 'episodes', 'int'), ...c.categories.map((k) => col(k, k, 'num'))],
      rows: [
        { system: '(overall rate)', episodes: c.population, ...Object.fromEntries(c.overall.map((o) => [o.category, o.rate])) },
        ...c.systems.map((s) => ({ system: systemLabel(s.system), episodes: s.episodes, ...Object.fromEntries(s.cells.map((x) => [x.category, x.deviation])) })),
      ],
      note: 'Population: episodes whose latest judgement is a failure or lists categories. Rows below the first give rate(system) − rate(overall).',
    });
  }
  return tables;
}

function interactionTable(m: StudyMetrics['interaction']): MetricsTable[] {
  if (!m) return [];
  const keys = ['responseLatencyMeanSec', 'yieldLatencyMeanSec', 'responseRate', 'yieldRate', 'agentInterruptionRate', 'selectivityBackchannel', 'selectivityVocalTic', 'selectivityNonDirected'] as const;
  const row = (scope: string, x: NonNullable<StudyMetrics['interaction']>['overall']) => ({ scope, simulations: x.counts.simulations, ...Object.fromEntries(keys.map((k) => [k, x[k]])) });
  return [
    {
      id: 'interaction',
      section: 'interaction',
      title: 'τ² interaction metrics (full-duplex calls)',
      columns: [col('scope', 'system'), col('simulations', 'calls', 'int'), ...keys.map((k) => col(k, k.replace(/Sec$/, ' (s)'), 'num'))],
      rows: [row('(all)', m.overall), ...Object.entries(m.bySystem).map(([system, x]) => row(system, x))],
    },
  ];
}

/** The tables of a metrics document, section by section. */
export function metricsTables(doc: Omit<StudyMetrics, 'tables'>): MetricsTable[] {
  const confidence = doc.options.confidence;
  return [
    ...doc.tau.flatMap((t) => tauTables(t, confidence)),
    ...(doc.vera ? veraTables(doc.vera, confidence) : []),
    ...(doc.vera ? veraWerTables(doc.vera, confidence) : []),
    ...(doc.dsbDg ? [...dsbTables(doc.dsbDg, confidence), ...dsbRunTables(doc.dsbDg)] : []),
    ...labelTables(doc.labels),
    ...interactionTable(doc.interaction),
    ...publishedInteractionTables(doc.interaction),
    ...correctedTables(doc.judgeCorrected),
    ...transcriptionTables(doc.transcription),
  ];
}
