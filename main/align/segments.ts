/** Speech segments from per-frame voice-activity decisions: short pauses bridged, short blips dropped. */

/** A stretch of speech on one lane, in milliseconds from the start of the call. */
export interface Segment {
  startMs: number;
  endMs: number;
}

/** How frames become segments. */
export interface SegmentOptions {
  /** Pauses shorter than this join the speech on both sides (a breath inside a sentence). */
  minGapMs: number;
  /** Speech shorter than this, after joining, is dropped (a click, a burst of noise). */
  minSpeechMs: number;
}

/** Defaults tuned on the alignment bench (docs/alignment.md). */
export const DEFAULT_SEGMENT_OPTIONS: SegmentOptions = { minGapMs: 350, minSpeechMs: 120 };

/** The segments of `flags` (1 = speech), one flag per `frameMs` frame starting at `offsetMs`. */
export function framesToSegments(
  flags: ArrayLike<number>,
  frameMs: number,
  options: SegmentOptions = DEFAULT_SEGMENT_OPTIONS,
  offsetMs = 0,
): Segment[] {
  const raw: Segment[] = [];
  let start = -1;
  for (let i = 0; i <= flags.length; i++) {
    const on = i < flags.length && flags[i] === 1;
    if (on && start < 0) start = i;
    else if (!on && start >= 0) {
      raw.push({ startMs: offsetMs + start * frameMs, endMs: offsetMs + i * frameMs });
      start = -1;
    }
  }
  const joined: Segment[] = [];
  for (const s of raw) {
    const last = joined[joined.length - 1];
    if (last && s.startMs - last.endMs < options.minGapMs) last.endMs = s.endMs;
    else joined.push({ ...s });
  }
  return joined.filter((s) => s.endMs - s.startMs >= options.minSpeechMs);
}
