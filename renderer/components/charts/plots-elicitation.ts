/** The τ-Elicitation paper's Figures 2–4 redrawn from a metrics document: strategy results, adaptivity of effort, realisms. */
import * as Plot from '@observablehq/plot';
import type { TauSection, VerificationCell } from '../../../shared/types/metrics';
import { realismLabel } from '../../../shared/types/realism-labels';
import { mixColors } from './color';
import type { LegendItem } from './compose';
import { systemName, type DrawnPlot } from './plots';
import { seriesColor, type ChartTheme } from './theme';

const ARM_ORDER = ['agent_directed', 'scaffolded'];
const armRank = (arm: string): number => (ARM_ORDER.includes(arm) ? ARM_ORDER.indexOf(arm) : ARM_ORDER.length);
const armName = (arm: string): string => arm.replace(/_/g, '-');

function base(theme: ChartTheme, width: number): Plot.PlotOptions {
  return {
    width,
    style: {
      background: 'transparent',
      color: theme.text,
      fontSize: '11px',
      fontFamily: theme.font,
      overflow: 'visible',
    },
  };
}

function asSvg(node: Element): SVGSVGElement {
  if (node instanceof SVGSVGElement) return node;
  const inner = node.querySelector('svg');
  if (!inner) throw new Error('Plot returned no SVG');
  return inner;
}

const marginFor = (labels: readonly string[]): number =>
  Math.max(60, Math.min(300, 16 + Math.max(0, ...labels.map((l) => l.length)) * 6.3));

/** One colour per prompting arm, agent-directed first. */
function armColors(theme: ChartTheme, arms: readonly string[]): Map<string, string> {
  return new Map(
    [...new Set(arms)]
      .sort((a, b) => armRank(a) - armRank(b) || a.localeCompare(b))
      .map((arm, i) => [arm, seriesColor(theme, i)]),
  );
}

/**
 * Figure 2: per system and prompting arm, regular-environment Pass@1 as a light full bar and crossed Pass^3 as a dark
 * inset bar. Null without a regular-environment success cell.
 */
export function strategyResultsPlot(t: TauSection, theme: ChartTheme, width: number): DrawnPlot | null {
  const systems = [...new Set(t.success.map((r) => r.system))];
  const rows = t.success
    .filter((r) => r.condition.environment === 'regular' && r.success.value !== null)
    .map((r) => {
      const arm = r.condition.strategy ?? '';
      const crossed = t.crossEnvironment.find((c) => c.system === r.system && (c.condition.strategy ?? '') === arm);
      return { system: r.system, arm, pass1: r.success.value!, pass3: crossed?.passAll.value ?? null };
    })
    .sort((a, b) => systems.indexOf(a.system) - systems.indexOf(b.system) || armRank(a.arm) - armRank(b.arm));
  if (rows.length === 0) return null;
  const colors = armColors(
    theme,
    rows.map((r) => r.arm),
  );
  const data = rows.map((r) => ({
    ...r,
    label: [systemName(r.system), r.arm ? armName(r.arm) : ''].filter(Boolean).join(' · '),
    light: mixColors(theme.background, colors.get(r.arm)!, 0.35),
    dark: colors.get(r.arm)!,
    text: `${r.pass1.toFixed(3)}${r.pass3 === null ? '' : ` · ${r.pass3.toFixed(3)}`}`,
  }));
  const svg = Plot.plot({
    ...base(theme, width),
    height: 60 + data.length * 28,
    marginLeft: marginFor(data.map((d) => d.label)),
    marginRight: 96,
    x: { domain: [0, 1], grid: true, label: 'exact success' },
    y: { domain: data.map((d) => d.label), label: null, padding: 0.15 },
    marks: [
      Plot.barX(data, { y: 'label', x: 'pass1', fill: 'light' }),
      Plot.barX(
        data.filter((d) => d.pass3 !== null),
        { y: 'label', x: 'pass3', fill: 'dark', insetTop: 6, insetBottom: 6 },
      ),
      Plot.text(data, { y: 'label', x: 1, text: 'text', textAnchor: 'start', dx: 8, fill: theme.muted }),
    ],
  });
  const legend: LegendItem[] = [...colors].flatMap(([arm, color]) => [
    { label: `${armName(arm) || 'all calls'} Pass@1 (regular)`, color: mixColors(theme.background, color, 0.35) },
    { label: `${armName(arm) || 'all calls'} Pass^3`, color },
  ]);
  return { svg: asSvg(svg), legend };
}

/** The best and the worst caller voice by regular-environment success, per (system, arm). */
function extremeVoices(t: TauSection, system: string, arm: string): [string, string] | null {
  const cell = t.callerVoice.find(
    (c) => c.system === system && (c.condition.strategy ?? '') === arm && c.condition.environment === 'regular',
  );
  const voices = cell?.voices.filter((v) => !v.belowMinimum) ?? [];
  return voices.length < 2 ? null : [voices[0].voice, voices[voices.length - 1].voice];
}

/**
 * Figure 3: mean verification effort per call (read-backs + spelling requests) for each system and arm, as pairs:
 * regular → noise-heavy, easy → hard entities, best → worst caller voice. Null without verification rows.
 */
export function adaptivityEffortPlot(t: TauSection, theme: ChartTheme, width: number): DrawnPlot | null {
  const v = t.verification;
  const find = (rows: readonly VerificationCell[], system: string, arm: string, group: string) =>
    rows.find((r) => r.system === system && (r.condition.strategy ?? '') === arm && r.group === group);
  const series = [
    ...new Map(v.byEnvironment.map((r) => [`${r.system}\u0000${r.condition.strategy ?? ''}`, r])).values(),
  ];
  const pairs = series.flatMap((s) => {
    const arm = s.condition.strategy ?? '';
    const label = [systemName(s.system), arm ? armName(arm) : ''].filter(Boolean).join(' · ');
    const voices = extremeVoices(t, s.system, arm);
    type Pair = [string, VerificationCell | undefined, VerificationCell | undefined, string, string];
    const voicePair = (best: string, worst: string): Pair => [
      'caller voice',
      find(v.byVoice, s.system, arm, best),
      find(v.byVoice, s.system, arm, worst),
      `best ${best}`,
      `worst ${worst}`,
    ];
    const candidates: Pair[] = [
      [
        'noise',
        find(v.byEnvironment, s.system, arm, 'regular'),
        find(v.byEnvironment, s.system, arm, 'noise_heavy'),
        'regular',
        'noise-heavy',
      ],
      [
        'difficulty',
        find(v.byDifficulty, s.system, arm, 'easy'),
        find(v.byDifficulty, s.system, arm, 'hard'),
        'easy',
        'hard',
      ],
      ...(voices ? [voicePair(voices[0], voices[1])] : []),
    ];
    return candidates.flatMap(([factor, low, high, lowName, highName]) =>
      low && high ? [{ series: label, factor, low: low.meanPerCall, high: high.meanPerCall, lowName, highName }] : [],
    );
  });
  if (pairs.length === 0) return null;
  const rows = pairs.map((p) => ({ ...p, row: `${p.series} · ${p.factor}`, right: Math.max(p.low, p.high) }));
  const [calm, risky] = [seriesColor(theme, 0), seriesColor(theme, 1)];
  const change = (d: { high: number; low: number }) =>
    `${d.high >= d.low ? '+' : '−'}${Math.abs(d.high - d.low).toFixed(2)}`;
  const svg = Plot.plot({
    ...base(theme, width),
    height: 60 + rows.length * 28,
    marginLeft: marginFor(rows.map((r) => r.row)),
    marginRight: 56,
    y: { domain: rows.map((r) => r.row), label: null, padding: 0.3 },
    x: { grid: true, label: 'read-backs + spelling requests per call', zero: true, nice: true },
    marks: [
      Plot.ruleY(rows, { y: 'row', x1: 'low', x2: 'high', stroke: theme.muted, strokeWidth: 2 }),
      Plot.dot(rows, { y: 'row', x: 'low', r: 5, fill: calm, title: 'lowName' }),
      Plot.dot(rows, { y: 'row', x: 'high', r: 5, fill: risky, title: 'highName' }),
      Plot.text(rows, { y: 'row', x: 'right', text: change, dx: 12, textAnchor: 'start', fill: theme.muted }),
    ],
  });
  return {
    svg: asSvg(svg),
    legend: [
      { label: 'lower-risk condition (regular, easy, best voice)', color: calm },
      { label: 'higher-risk condition (noise-heavy, hard, worst voice)', color: risky },
    ],
  };
}

/**
 * Figure 4: caller-realism effects on exact success (pp) with their task-bootstrap intervals, one series per arm
 * (circles, squares, …); rows below the minimum cell size drawn faint. Null without realism rows.
 */
export function realismEffectsPlot(t: TauSection, theme: ChartTheme, width: number): DrawnPlot | null {
  const arms = [...t.realism].sort((a, b) => armRank(a.condition.strategy ?? '') - armRank(b.condition.strategy ?? ''));
  const data = arms.flatMap((arm, a) =>
    arm.effects
      .filter((r) => r.effect.estimate !== null)
      .map((r) => ({
        arm: armName(arm.condition.strategy ?? '') || 'all calls',
        a,
        realism: realismLabel(r.kind),
        effect: r.effect.estimate! * 100,
        low: r.effect.low === null ? null : r.effect.low * 100,
        high: r.effect.high === null ? null : r.effect.high * 100,
        opacity: r.belowMinimum ? 0.3 : 1,
      })),
  );
  if (data.length === 0) return null;
  const realisms = [...new Set(data.map((d) => d.realism))];
  const colors = armColors(
    theme,
    arms.map((a) => a.condition.strategy ?? ''),
  );
  const symbols = ['circle', 'square', 'diamond', 'triangle'];
  const offset = (a: number) => (a - (arms.length - 1) / 2) * 8;
  const svg = Plot.plot({
    ...base(theme, width),
    height: 40 + realisms.length * 34,
    marginLeft: marginFor(realisms),
    marginRight: 24,
    y: { domain: realisms, label: null },
    x: { grid: true, label: 'effect on exact success (percentage points)' },
    marks: [
      Plot.ruleX([0], { stroke: theme.muted }),
      ...arms.flatMap((arm, a) => {
        const mine = data.filter((d) => d.a === a);
        const color = colors.get(arm.condition.strategy ?? '')!;
        return [
          Plot.ruleY(
            mine.filter((d) => d.low !== null),
            {
              y: 'realism',
              x1: 'low',
              x2: 'high',
              stroke: color,
              strokeWidth: 2,
              strokeOpacity: 'opacity',
              strokeDasharray: a > 0 ? '4 3' : undefined,
              dy: offset(a),
            },
          ),
          Plot.dot(mine, {
            y: 'realism',
            x: 'effect',
            fill: color,
            fillOpacity: 'opacity',
            symbol: symbols[a % symbols.length],
            r: 4.5,
            dy: offset(a),
          }),
        ];
      }),
    ],
  });
  const legend = arms.map((arm) => ({
    label: armName(arm.condition.strategy ?? '') || 'all calls',
    color: colors.get(arm.condition.strategy ?? '')!,
  }));
  return { svg: asSvg(svg), legend };
}
