/** Chart colours and fonts resolved from the studio's CSS variables, so a plot (and its exported SVG/PNG) carries concrete values. */

/** The colours and font a plot is drawn with. */
export interface ChartTheme {
  background: string;
  text: string;
  muted: string;
  grid: string;
  accent: string;
  good: string;
  bad: string;
  /** Categorical series colours, in order. */
  series: string[];
  /** Diverging ends for below / above a reference. */
  below: string;
  above: string;
  font: string;
}

const SERIES_VARS = ['--chart-1', '--chart-2', '--chart-3', '--chart-4', '--chart-5', '--chart-6', '--chart-7', '--chart-8'];

/** Reads the theme from the document's computed CSS variables (falls back to neutral values outside a styled page). */
export function readChartTheme(root: Element = document.documentElement): ChartTheme {
  const style = getComputedStyle(root);
  const font = getComputedStyle(document.body).fontFamily;
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: v('--panel', '#ffffff'),
    text: v('--text', '#1e2229'),
    muted: v('--muted', '#68707d'),
    grid: v('--line', '#d9dde3'),
    accent: v('--accent', '#c46a00'),
    good: v('--good', '#2f7d4a'),
    bad: v('--bad', '#b3412f'),
    series: SERIES_VARS.map((name, i) => v(name, ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#9c755f'][i])),
    below: v('--chart-below', '#3b6fb6'),
    above: v('--chart-above', '#c0392b'),
    font: font || 'system-ui, sans-serif',
  };
}

/** The colour of the i-th series (cycling). */
export function seriesColor(theme: ChartTheme, i: number): string {
  return theme.series[i % theme.series.length];
}
