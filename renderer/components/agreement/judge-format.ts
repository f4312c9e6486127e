/** Number formats of the Agreement view: three decimals, counts, intervals, times, and how a mapping is named. */
import type { JudgeInterval, JudgeMapping } from '../../../shared/types/judge-validation';

/** Three decimals (never "-0.000"), or an en dash for an undefined value. */
export const f3 = (x: number | null | undefined): string =>
  x === null || x === undefined || !Number.isFinite(x) ? '–' : (Math.abs(x) < 0.0005 ? 0 : x).toFixed(3);

/** "[0.476, 0.800]", or '' when the interval is undefined. */
export const ci = (i: JudgeInterval): string =>
  i.low === null || i.high === null ? '' : `[${f3(i.low)}, ${f3(i.high)}]`;

/** A signed difference: "+0.052", "−0.013", "0.000". */
export const signed = (x: number | null): string => {
  if (x === null || !Number.isFinite(x)) return '–';
  if (Math.abs(x) < 0.0005) return '0.000';
  return `${x > 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`;
};

const RATIO = /precision|recall|f1|agreement|kappa|share|rate|accuracy/i;

/** A release figure: a count as a whole number, a ratio (by its key) or any fraction with three decimals. */
export const figure = (key: string, x: number | null): string =>
  x === null ? '–' : Number.isInteger(x) && !RATIO.test(key) ? String(x) : f3(x);

/** "1:02.3" for a time in ms. */
export const clock = (ms: number): string => {
  const s = ms / 1000;
  return `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;
};

/** How a mapping's source is printed. */
export const sourceName = (m: Pick<JudgeMapping, 'source'>): string => (m.source === 'builtin' ? 'built-in' : 'study');

/** "severity>=1 · human severity ≥ 1 ↔ judge flagged · built-in": printed beside every judge figure. */
export const mappingTag = (m: JudgeMapping): string => `${m.key} · ${m.label} · ${sourceName(m)}`;

/** A row's leading cells as shown: a group cell the row above already shows is left blank (the last cell never). */
export function shownCells(rows: readonly { cells: string[] }[], at: number): string[] {
  const above = rows[at - 1]?.cells;
  const cells = rows[at].cells;
  const same = (i: number) => above !== undefined && cells.slice(0, i + 1).every((c, k) => c === above[k]);
  return cells.map((c, i) => (i < cells.length - 1 && same(i) ? '' : c));
}
