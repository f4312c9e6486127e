/**
 * Writes tiers as a Praat TextGrid in Praat's long text format ("ooTextFile", documented in the Praat manual page
 * "TextGrid file formats"): interval tiers that cover the whole call, the stretches between intervals written as
 * intervals with empty text, as Praat itself does. Tiers whose intervals overlap are split into several tiers.
 */
import { withoutOverlaps, type Interval, type TierDocument } from './tiers';

const seconds = (ms: number): string => String(ms / 1000);
const quoted = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** The intervals of a tier with the gaps between them (and before and after them) filled with empty ones. */
function tiled(intervals: readonly Interval[], endMs: number): Interval[] {
  const out: Interval[] = [];
  let at = 0;
  for (const i of intervals) {
    if (i.startMs > at) out.push({ startMs: at, endMs: i.startMs, text: '' });
    out.push(i);
    at = i.endMs;
  }
  if (at < endMs || out.length === 0) out.push({ startMs: at, endMs: Math.max(endMs, at + 1), text: '' });
  return out;
}

/** The TextGrid text of `doc` in the long text format. */
export function writeTextGrid(doc: TierDocument): string {
  const tiers = doc.tiers.flatMap(withoutOverlaps);
  const endMs = Math.max(doc.durationMs, 1, ...tiers.flatMap((t) => t.intervals.map((i) => i.endMs)));
  const lines = [
    'File type = "ooTextFile"',
    'Object class = "TextGrid"',
    '',
    'xmin = 0 ',
    `xmax = ${seconds(endMs)} `,
    tiers.length ? 'tiers? <exists> ' : 'tiers? <absent> ',
  ];
  if (tiers.length) lines.push(`size = ${tiers.length} `, 'item []: ');
  tiers.forEach((t, k) => {
    const intervals = tiled(t.intervals, endMs);
    lines.push(
      `    item [${k + 1}]:`,
      '        class = "IntervalTier" ',
      `        name = ${quoted(t.name)} `,
      '        xmin = 0 ',
      `        xmax = ${seconds(endMs)} `,
      `        intervals: size = ${intervals.length} `,
    );
    intervals.forEach((i, n) =>
      lines.push(
        `        intervals [${n + 1}]:`,
        `            xmin = ${seconds(i.startMs)} `,
        `            xmax = ${seconds(i.endMs)} `,
        `            text = ${quoted(i.text)} `,
      ),
    );
  });
  return lines.join('\n') + '\n';
}
