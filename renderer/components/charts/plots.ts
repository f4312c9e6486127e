/** The Results view's plots, drawn with Observable Plot from a metrics document; each returns the plot SVG and its legend. */
import * as Plot from '@observablehq/plot';
import type { CategoryHeatmap, LabelSection, TauSection, VeraSection, DsbDgSection } from '../../../shared/types/metrics';
import type { LegendItem } from './compose';
import { mixColors } from './color';
import { seriesColor, type ChartTheme } from './theme';
import { fixedDecimals } from '../../format';
import { fitLabel, labelMargin, rotatedLabelsMargin, titleCutLabels } from './label-fit';

/** A drawn plot and what its legend lists. */
export interface DrawnPlot {
  svg: SVGSVGElement;
  legend: LegendItem[];
}

/** A system's name as shown. */
export const systemName = (s: string): string => (s === '' ? '(no system)' : s);
/** A condition as `value · value` (sorted by key), or empty. */
export const conditionText = (c: Readonly<Record<string, string>>): string => Object.keys(c).sort().map((k) => c[k]).join(' · ');
const rowLabel = (system: string, condition: Readonly<Record<string, string>>): string => [systemName(system), conditionText(condition)].filter(Boolean).join(' · ');
const pretty = (s: string): string => s.replace(/_/g, ' ');

function base(theme: ChartTheme, width: number): Plot.PlotOptions {
  return { width, style: { background: 'transparent', color: theme.text, fontSize: '11px', fontFamily: theme.font, overflow: 'visible' } };
}

function asSvg(node: Element): SVGSVGElement {
  if (node instanceof SVGSVGElement) return node;
  const inner = node.querySelector('svg');
  if (!inner) throw new Error('Plot returned no SVG');
  return inner;
}

/** Categorical colours for names, in the order given. */
function palette(theme: ChartTheme, names: readonly string[]): { domain: string[]; range: string[]; legend: LegendItem[] } {
  const domain = [...new Set(names)];
  const range = domain.map((_, i) => seriesColor(theme, i));
  return { domain, range, legend: domain.map((label, i) => ({ label, color: range[i] })) };
}

/** Success rate per (system, condition) as dots with the bootstrap interval as a rule; colour = system. */
export function successPlot(t: TauSection, theme: ChartTheme, width: number): DrawnPlot {
  const data = t.success.filter((r) => r.success.value !== null).map((r) => ({ label: rowLabel(r.system, r.condition), system: systemName(r.system), value: r.success.value, low: r.interval.low, high: r.interval.high, n: `${r.success.numerator}/${r.success.denominator}` }));
  const colors = palette(theme, data.map((d) => d.system));
  const marginLeft = labelMargin(data.map((d) => d.label), width);
  const svg = Plot.plot({
    ...base(theme, width),
    height: 36 + data.length * 26,
    marginLeft,
    marginRight: 64,
    x: { domain: [0, 1], grid: true, label: 'success rate', percent: false },
    y: { domain: data.map((d) => d.label), label: null, tickFormat: (l: string) => fitLabel(l, marginLeft) },
    color: { domain: colors.domain, range: colors.range },
    marks: [
      Plot.ruleY(data, { y: 'label', x1: 'low', x2: 'high', stroke: 'system', strokeWidth: 2, strokeOpacity: 0.7 }),
      Plot.dot(data, { y: 'label', x: 'value', fill: 'system', r: 4.5 }),
      Plot.text(data, { y: 'label', x: 1, text: 'n', textAnchor: 'start', dx: 8, fill: theme.muted }),
    ],
  });
  titleCutLabels(asSvg(svg), data.map((d) => d.label), marginLeft);
  return { svg: asSvg(svg), legend: colors.legend };
}

/** pass^k against k, one line per (system, condition); null below two trials per task (a single point is no curve). */
export function passHatKPlot(t: TauSection, theme: ChartTheme, width: number): DrawnPlot | null {
  if (t.passHatK.maxK < 2) return null;
  const data = t.passHatK.rows.filter((r) => r.value !== null).map((r) => ({ series: rowLabel(r.system, r.condition), k: r.k, value: r.value }));
  const colors = palette(theme, data.map((d) => d.series));
  const svg = Plot.plot({
    ...base(theme, width),
    height: 280,
    marginRight: 24,
    x: { label: 'k', domain: [1, t.passHatK.maxK], ticks: Array.from({ length: t.passHatK.maxK }, (_, i) => i + 1).filter((k, _, all) => all.length <= 12 || k % Math.ceil(all.length / 12) === 1), tickFormat: 'd' },
    y: { domain: [0, 1], grid: true, label: 'pass^k' },
    color: { domain: colors.domain, range: colors.range },
    marks: [Plot.line(data, { x: 'k', y: 'value', stroke: 'series', strokeWidth: 2 }), Plot.dot(data, { x: 'k', y: 'value', fill: 'series', r: 3.5 })],
  });
  return { svg: asSvg(svg), legend: colors.legend };
}

/** VERA accuracy per track (and macro) as grouped bars, one colour per system. */
export function veraTrackPlot(v: VeraSection, theme: ChartTheme, width: number): DrawnPlot {
  const data = v.systems.flatMap((s) => [
    ...s.tracks.filter((t) => t.accuracy.value !== null).map((t) => ({ track: pretty(t.track), system: systemName(s.system), value: t.accuracy.value })),
    ...(s.macro === null ? [] : [{ track: 'macro', system: systemName(s.system), value: s.macro }]),
  ]);
  const colors = palette(theme, data.map((d) => d.system));
  const svg = Plot.plot({
    ...base(theme, width),
    height: 260,
    marginBottom: 34,
    fx: { domain: [...v.tracks.map(pretty), 'macro'].filter((t) => data.some((d) => d.track === t)), label: null, padding: 0.12 },
    x: { axis: null, domain: colors.domain, padding: 0.1 },
    y: { domain: [0, 1], grid: true, label: 'accuracy' },
    color: { domain: colors.domain, range: colors.range },
    marks: [Plot.barY(data, { fx: 'track', x: 'system', y: 'value', fill: 'system' }), Plot.ruleY([0], { stroke: theme.grid })],
  });
  return { svg: asSvg(svg), legend: colors.legend };
}

/** Latency p50 against pooled accuracy, one labelled dot per system; colour = voice / text. Null when no system has latencies. */
export function latencyAccuracyPlot(v: VeraSection, theme: ChartTheme, width: number): DrawnPlot | null {
  const data = v.scatter.filter((p) => p.latency.p50 !== null && p.accuracy !== null).map((p) => ({ system: systemName(p.system), modality: p.modality, x: p.latency.p50, y: p.accuracy, frontier: p.frontier }));
  if (data.length === 0) return null;
  const frontier = data.filter((d) => d.frontier).sort((a, b) => (a.x ?? 0) - (b.x ?? 0));
  const colors = { domain: ['voice', 'text'], range: [seriesColor(theme, 0), seriesColor(theme, 1)] };
  const half = Math.max(...data.map((d) => d.x ?? 0)) / 2;
  const svg = Plot.plot({
    ...base(theme, width),
    height: 300,
    marginRight: 40,
    x: { label: 'latency p50 (ms)', grid: true, nice: true, zero: true },
    y: { domain: [0, 1], grid: true, label: 'accuracy' },
    color: colors,
    marks: [
      // The Pareto frontier: a step through the systems no other is both faster and more accurate than.
      Plot.line(frontier, { x: 'x', y: 'y', curve: 'step-after', stroke: theme.muted, strokeDasharray: '4,3' }),
      Plot.dot(frontier, { x: 'x', y: 'y', r: 9, stroke: theme.text, fill: 'none' }),
      Plot.dot(data, { x: 'x', y: 'y', fill: 'modality', r: 5 }),
      // Names of dots in the right half read leftwards from the dot, so none runs off the figure.
      Plot.text(data.filter((d) => (d.x ?? 0) <= half), { x: 'x', y: 'y', text: 'system', dy: -10, textAnchor: 'start', fill: theme.text }),
      Plot.text(data.filter((d) => (d.x ?? 0) > half), { x: 'x', y: 'y', text: 'system', dy: -10, textAnchor: 'end', fill: theme.text }),
    ],
  });
  const legend = colors.domain.map((label, i) => ({ label, color: colors.range[i] }));
  return { svg: asSvg(svg), legend: [...legend, { label: 'Pareto frontier (ringed)', color: theme.muted }] };
}

/** Grounding accuracy per context tier, one line per system, each point with its interval (systems side by side). */
export function tierPlot(d: DsbDgSection, theme: ChartTheme, width: number): DrawnPlot {
  const data = d.byTier
    .filter((r) => r.summary.accuracy.value !== null)
    .map((r) => ({
      system: systemName(r.system),
      tier: r.group,
      value: r.summary.accuracy.value,
      low: r.intervals.accuracy.low,
      high: r.intervals.accuracy.high,
    }));
  const tiers = [...new Set(d.byTier.map((r) => r.group))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const colors = palette(theme, data.map((x) => x.system));
  const svg = Plot.plot({
    ...base(theme, width),
    height: 260,
    x: { domain: tiers, label: 'context tier', padding: 0.5 },
    y: { domain: [0, 1], grid: true, label: 'grounding accuracy' },
    color: { domain: colors.domain, range: colors.range },
    marks: [
      // each system's interval bars 5 px apart around the tier, so the bars of systems on one tier do not overlap
      ...colors.domain.map((system, i) =>
        Plot.ruleX(
          data.filter((x) => x.system === system && x.low !== null && x.high !== null),
          {
            x: 'tier',
            y1: 'low',
            y2: 'high',
            stroke: 'system',
            strokeOpacity: 0.55,
            dx: (i - (colors.domain.length - 1) / 2) * 5,
          },
        ),
      ),
      Plot.line(data, { x: 'tier', y: 'value', stroke: 'system', strokeWidth: 2 }),
      Plot.dot(data, { x: 'tier', y: 'value', fill: 'system', r: 4 }),
    ],
  });
  return { svg: asSvg(svg), legend: colors.legend };
}

/**
 * The per-system deviation of error-category rates from the overall rate as a diverging heatmap with values in the
 * cells; with a single system (no deviation to show) the category rates themselves, shaded from nothing to the accent.
 */
export function categoryHeatmap(c: CategoryHeatmap, theme: ChartTheme, width: number): DrawnPlot {
  const single = c.systems.length < 2;
  const data = c.systems.flatMap((s) => s.cells.map((cell) => ({ system: systemName(s.system), category: cell.category, value: single ? cell.rate : cell.deviation })));
  const max = Math.max(0.01, ...data.map((d) => Math.abs(d.value)));
  const fillOf = (v: number) => (single ? mixColors(theme.background, theme.accent, v / max) : mixColors(theme.background, v < 0 ? theme.below : theme.above, Math.min(1, Math.abs(v) / max)));
  // A deviation that rounds to zero has no sign ("0.00", never "−0.00").
  const cellText = (v: number) => {
    const shown = fixedDecimals(Math.abs(v), 2);
    return `${single || Number(shown) === 0 ? '' : v > 0 ? '+' : '−'}${shown}`;
  };
  const shaded = data.map((d) => ({ ...d, fill: fillOf(d.value), ink: Math.abs(d.value) / max > 0.55 ? '#ffffff' : theme.text, text: cellText(d.value) }));
  const systems = [...new Set(data.map((d) => d.system))];
  const bottom = Math.min(140, 16 + Math.max(...c.categories.map((k) => k.length)) * 4.8);
  const systemsMargin = labelMargin(systems, width);
  const marginLeft = rotatedLabelsMargin(c.categories, width, systemsMargin);
  // Values in the cells only as large as the cells allow; every cell keeps its value as a tooltip.
  const cellPx = (width - marginLeft - 20) / Math.max(1, c.categories.length);
  const cellFont = cellPx >= 40 ? 11 : cellPx >= 30 ? 9 : 0;
  const svg = Plot.plot({
    ...base(theme, width),
    height: 30 + systems.length * 34 + bottom,
    marginLeft,
    marginBottom: bottom,
    x: { domain: c.categories, label: null, tickRotate: -35 },
    y: { domain: systems, label: null, tickFormat: (l: string) => fitLabel(l, systemsMargin) },
    marks: [
      Plot.cell(shaded, { x: 'category', y: 'system', fill: 'fill', inset: 1, title: (d: { category: string; text: string }) => `${d.category}: ${d.text}` }),
      ...(cellFont ? [Plot.text(shaded, { x: 'category', y: 'system', text: 'text', fill: 'ink', fontSize: cellFont })] : []),
    ],
  });
  titleCutLabels(asSvg(svg), systems, systemsMargin);
  const legend = single
    ? [{ label: '0', color: theme.grid }, { label: `${max.toFixed(2)} of the system's failed episodes`, color: fillOf(max) }]
    : [
        { label: `−${max.toFixed(2)} (below overall)`, color: fillOf(-max) },
        { label: '0', color: theme.grid },
        { label: `+${max.toFixed(2)} (above overall)`, color: fillOf(max) },
      ];
  return { svg: asSvg(svg), legend };
}

/** Labels drawn last and in fixed quiet colours: no error, then the two kinds of unsettled label. */
const SETTLED_LAST = ['no_error', 'unresolved', 'disputed'];
const LEADING = ['agent', 'user', 'system'];
const rank = (label: string): number => (LEADING.includes(label) ? LEADING.indexOf(label) : SETTLED_LAST.includes(label) ? 100 + SETTLED_LAST.indexOf(label) : 10);
const byLabelOrder = (a: string, b: string) => rank(a) - rank(b) || a.localeCompare(b);

/** Colours for failure labels: the palette for the failure kinds, good for no_error, muted shades for unresolved and disputed. */
function labelColors(theme: ChartTheme, labels: readonly string[]): { domain: string[]; range: string[]; legend: LegendItem[] } {
  const pool = theme.series.filter((c) => c !== theme.good);
  let next = 0;
  const fixed: Record<string, string> = { no_error: theme.good, unresolved: theme.muted, disputed: mixColors(theme.muted, theme.background, 0.45) };
  const range = labels.map((l) => fixed[l] ?? pool[next++ % pool.length]);
  return { domain: [...labels], range, legend: labels.map((label, i) => ({ label, color: range[i] })) };
}

/** Failure source (or subtype) shares per view and system as stacked horizontal bars, counts in the segments. */
export function failurePlot(l: LabelSection, kind: 'sources' | 'subtypes', theme: ChartTheme, width: number): DrawnPlot | null {
  const data = l.failures.flatMap((v) => v.rows.flatMap((r) => r[kind].map((s) => ({ row: `${v.view} · ${systemName(r.system)}`, label: s.label, share: s.share, count: s.count }))));
  if (data.length === 0) return null;
  const labels = [...new Set(data.map((d) => d.label))].sort(byLabelOrder);
  const colors = labelColors(theme, labels);
  const rows = [...new Set(data.map((d) => d.row))];
  const marginLeft = labelMargin(rows, width);
  const svg = Plot.plot({
    ...base(theme, width),
    height: 36 + rows.length * 28,
    marginLeft,
    x: { domain: [0, 1], label: 'share of labelled calls', grid: true },
    y: { domain: rows, label: null, tickFormat: (l: string) => fitLabel(l, marginLeft) },
    color: { domain: colors.domain, range: colors.range },
    marks: [
      Plot.barX(data, Plot.stackX({ y: 'row', x: 'share', z: 'label', fill: 'label', order: labels, inset: 0.5 })),
      Plot.text(data, Plot.stackX({ y: 'row', x: 'share', z: 'label', order: labels, text: (d: { share: number; count: number }) => (d.share >= 0.06 ? String(d.count) : ''), fill: '#ffffff' })),
    ],
  });
  titleCutLabels(asSvg(svg), rows, marginLeft);
  return { svg: asSvg(svg), legend: colors.legend };
}
