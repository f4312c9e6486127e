/** τ-Elicitation by entity difficulty: the strategy gain per stratum, or each strategy's success when nothing is compared. */
import * as Plot from '@observablehq/plot';
import type { TauSection } from '../../../shared/types/metrics';
import type { DifficultyStratumRow } from '../../../shared/types/elicitation-difficulty-rows';
import type { BootstrapInterval } from '../../../shared/types/bootstrap-interval';
import { systemName, type DrawnPlot } from './plots';
import { seriesColor, type ChartTheme } from './theme';

/** One dot with its interval on a labelled row; `stratum` is the series. */
interface Point {
  label: string;
  stratum: string;
  value: number;
  low: number | null;
  high: number | null;
  opacity: number;
}

const system = (r: DifficultyStratumRow) =>
  r.system === null ? `mean of ${r.systems.length} systems` : systemName(r.system);
const armName = (s: string) => s.replace(/_/g, '-');
const pp = (i: BootstrapInterval, v: number) => ({
  value: v * 100,
  low: i.low === null ? null : i.low * 100,
  high: i.high === null ? null : i.high * 100,
});

/** The points: gains when any row compares two strategies, else every strategy's success. */
function points(rows: readonly DifficultyStratumRow[]): { data: Point[]; gains: boolean } {
  const many = new Set(rows.map((r) => r.environment)).size > 1;
  const where = (r: DifficultyStratumRow) => [system(r), many ? r.environment.replace(/_/g, '-') : ''];
  const gains = rows.some((r) => r.gains.some((g) => g.gain.estimate !== null));
  const data = rows.flatMap((r) =>
    gains
      ? r.gains.flatMap((g) =>
          g.gain.estimate === null
            ? []
            : [
                {
                  label: [...where(r), armName(g.strategy)].filter(Boolean).join(' · '),
                  stratum: r.difficulty,
                  ...pp(g.gain, g.gain.estimate),
                  opacity: g.belowMinimum ? 0.3 : 1,
                },
              ],
        )
      : r.strategies.flatMap((s) =>
          s.success.value === null
            ? []
            : [
                {
                  label: [...where(r), armName(s.strategy)].filter(Boolean).join(' · '),
                  stratum: r.difficulty,
                  ...pp(s.interval, s.success.value),
                  opacity: s.belowMinimum ? 0.3 : 1,
                },
              ],
        ),
  );
  return { data, gains };
}

/**
 * Dots per row (system, environment when several, strategy) and difficulty, with their task-bootstrap intervals: the
 * gain over agent-directed in points, or success in percent when no cell has a second strategy. Faint below the
 * minimum cell size. Null without any row.
 */
export function difficultyPlot(t: TauSection, theme: ChartTheme, width: number): DrawnPlot | null {
  const { data, gains } = points(t.strategyByDifficulty);
  if (data.length === 0) return null;
  const labels = [...new Set(data.map((d) => d.label))];
  const strata = [...new Set(data.map((d) => d.stratum))];
  const colors = new Map(strata.map((s, i) => [s, seriesColor(theme, i)]));
  const offset = (s: string) => (strata.indexOf(s) - (strata.length - 1) / 2) * 9;
  const svg = Plot.plot({
    width,
    style: {
      background: 'transparent',
      color: theme.text,
      fontSize: '11px',
      fontFamily: theme.font,
      overflow: 'visible',
    },
    height: 44 + labels.length * 30,
    marginLeft: Math.max(60, Math.min(300, 16 + Math.max(...labels.map((l) => l.length)) * 6.3)),
    marginRight: 24,
    y: { domain: labels, label: null },
    x: gains
      ? { grid: true, label: 'gain over agent-directed (percentage points)' }
      : { grid: true, domain: [0, 100], label: 'success (%)' },
    marks: [
      ...(gains ? [Plot.ruleX([0], { stroke: theme.muted })] : []),
      ...strata.flatMap((s) => {
        const mine = data.filter((d) => d.stratum === s);
        const color = colors.get(s)!;
        return [
          Plot.ruleY(
            mine.filter((d) => d.low !== null && d.high !== null),
            {
              y: 'label',
              x1: 'low',
              x2: 'high',
              stroke: color,
              strokeWidth: 2,
              strokeOpacity: 'opacity',
              dy: offset(s),
            },
          ),
          Plot.dot(mine, { y: 'label', x: 'value', fill: color, fillOpacity: 'opacity', r: 4.5, dy: offset(s) }),
        ];
      }),
    ],
  });
  const node = svg instanceof SVGSVGElement ? svg : svg.querySelector('svg');
  if (!node) throw new Error('Plot returned no SVG');
  return { svg: node, legend: strata.map((s) => ({ label: `${s} entities`, color: colors.get(s)! })) };
}
