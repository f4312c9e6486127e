/**
 * The waveform's time axis: which times to label and tick at a zoom, and how to write them. Labels stay 70 px or more
 * apart at every zoom, so a short call or a zoomed window always shows several readable times.
 */

/** A label step (seconds) and the ticks between labels. */
export interface AxisSteps {
  labelS: number;
  tickS: number;
}

/** Label steps the axis picks from, each with its tick step: round numbers of seconds, then of minutes. */
const STEPS: readonly AxisSteps[] = [
  [0.1, 0.02],
  [0.2, 0.05],
  [0.5, 0.1],
  [1, 0.2],
  [2, 0.5],
  [5, 1],
  [10, 2],
  [15, 5],
  [30, 5],
  [60, 10],
  [120, 30],
  [300, 60],
  [600, 120],
  [900, 300],
  [1800, 300],
  [3600, 600],
].map(([labelS, tickS]) => ({ labelS, tickS }));

/** The least distance between two labels, in px: room for "10:00.0" and a gap. */
export const MIN_LABEL_PX = 70;

/** The finest steps whose labels are at least MIN_LABEL_PX apart at `pxPerSec`. */
export function axisSteps(pxPerSec: number): AxisSteps {
  return STEPS.find((s) => s.labelS * pxPerSec >= MIN_LABEL_PX) ?? STEPS[STEPS.length - 1];
}

/** A time on the axis: m:ss (h:mm:ss past an hour), with tenths when the labels are less than a second apart. */
export function axisLabel(seconds: number, labelS: number): string {
  const tenths = labelS < 1;
  const total = tenths ? Math.round(seconds * 10) / 10 : Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const sec = tenths ? s.toFixed(1).padStart(4, '0') : String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** One mark of the axis: its time, and its label when it carries one. */
export interface AxisMark {
  seconds: number;
  label: string | null;
}

/** The marks between `fromS` and `toS` (clamped to the call) at `pxPerSec`, in order. */
export function axisMarks(fromS: number, toS: number, durationS: number, pxPerSec: number): AxisMark[] {
  const { labelS, tickS } = axisSteps(pxPerSec);
  const perLabel = Math.round(labelS / tickS);
  const first = Math.max(0, Math.ceil(fromS / tickS - 1e-9));
  const last = Math.floor(Math.min(toS, durationS) / tickS + 1e-9);
  const marks: AxisMark[] = [];
  for (let i = first; i <= last; i++) {
    const seconds = i * tickS;
    marks.push({ seconds, label: i % perLabel === 0 ? axisLabel(seconds, labelS) : null });
  }
  return marks;
}
