/**
 * Who speaks when, from the turns' times alone (τ² ticks, or any source with turn start and end): each side's speech
 * as bars, the response latencies and overlaps the waveform marks too, the silences where neither side speaks, and the
 * tool calls. Pure, so the timeline draws it without audio.
 */
import type { Turn } from '../../../shared/domain';
import { latencyMarks, type LatencyMark } from '../../player/latency-marks';

/** The two sides a timeline draws, top to bottom. */
export const SIDES = ['user', 'agent'] as const;

/** A side of the call. */
export type Side = (typeof SIDES)[number];

/** One turn of speech: its place in the transcript's list (`at`), side and span. */
export interface SpeechBar {
  at: number;
  side: Side;
  startMs: number;
  endMs: number;
  text: string;
}

/** A span where neither side speaks. */
export interface Silence {
  fromMs: number;
  toMs: number;
}

/** A tool call at a time, on the side that made it. */
export interface ToolMark {
  at: number;
  side: Side;
  atMs: number;
  name: string;
}

/** Everything the timeline draws. */
export interface SpeechActivity {
  durationMs: number;
  bars: SpeechBar[];
  marks: LatencyMark[];
  silences: Silence[];
  tools: ToolMark[];
}

/** Silences shorter than this are not marked: turn-taking leaves them everywhere. */
export const MIN_SILENCE_MS = 1000;

const isSide = (s: string): s is Side => s === 'user' || s === 'agent';

/** Spans where no bar is, between the first bar's start and the last bar's end, of at least MIN_SILENCE_MS. */
function silencesBetween(bars: readonly SpeechBar[]): Silence[] {
  const spans = [...bars].sort((a, b) => a.startMs - b.startMs);
  const out: Silence[] = [];
  let reach = spans[0]?.endMs ?? 0;
  for (const b of spans.slice(1)) {
    if (b.startMs - reach >= MIN_SILENCE_MS) out.push({ fromMs: reach, toMs: b.startMs });
    reach = Math.max(reach, b.endMs);
  }
  return out;
}

/** True when some user or agent speech has a start and a later end: enough to draw a timeline. */
export function hasTimedSpeech(turns: readonly Turn[]): boolean {
  return turns.some(
    (t) => !t.tool && isSide(t.speaker) && t.startMs !== null && t.endMs !== null && t.endMs > t.startMs,
  );
}

/** The speech activity of a call, or null when no user or agent speech has both a start and an end. */
export function speechActivity(turns: readonly Turn[], durationMs: number | null): SpeechActivity | null {
  const bars: SpeechBar[] = [];
  const tools: ToolMark[] = [];
  turns.forEach((t, at) => {
    if (!isSide(t.speaker) || t.startMs === null) return;
    if (t.tool) tools.push({ at, side: t.speaker, atMs: t.startMs, name: t.tool.name });
    else if (t.endMs !== null && t.endMs > t.startMs)
      bars.push({ at, side: t.speaker, startMs: t.startMs, endMs: t.endMs, text: t.text });
  });
  if (bars.length === 0) return null;
  const lastMs = Math.max(...bars.map((b) => b.endMs), ...tools.map((t) => t.atMs));
  return {
    durationMs: Math.max(durationMs ?? 0, lastMs),
    bars,
    marks: latencyMarks(turns),
    silences: silencesBetween(bars),
    tools,
  };
}

/**
 * How long the timeline runs: for a τ² call the ticks' own span (the importer keeps them in `info.tickRuns`, runs of
 * [first tick, count, …], with `info.tickDurationMs`), which the simulation's wall-clock duration can far exceed;
 * else the call's duration.
 */
export function timelineSpanMs(info: Record<string, unknown>, durationMs: number | null): number | null {
  const runs = info.tickRuns;
  const tickMs = info.tickDurationMs;
  if (!Array.isArray(runs) || typeof tickMs !== 'number' || runs.length === 0) return durationMs;
  const last: unknown = runs[runs.length - 1];
  if (!Array.isArray(last) || typeof last[0] !== 'number' || typeof last[1] !== 'number') return durationMs;
  return (last[0] + last[1]) * tickMs;
}

/** Steps the time axis may label, in ms. */
const STEPS_MS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600].map((s) => s * 1000);

/** The labelled times of an axis: every `stepMs` from 0 to the end. */
export interface AxisTicks {
  stepMs: number;
  ticks: number[];
}

/** Times to label on an axis `widthPx` wide over `durationMs`: the finest step leaving `minGapPx` between labels. */
export function axisTicks(durationMs: number, widthPx: number, minGapPx = 64): AxisTicks {
  if (durationMs <= 0 || widthPx <= 0) return { stepMs: 1000, ticks: [0] };
  const stepMs = STEPS_MS.find((s) => (s / durationMs) * widthPx >= minGapPx) ?? STEPS_MS[STEPS_MS.length - 1];
  const ticks: number[] = [];
  for (let i = 0; i * stepMs <= durationMs; i++) ticks.push(Math.round(i * stepMs));
  return { stepMs, ticks };
}

/** An axis label: `m:ss` (with tenths on a step under a second), or `h:mm:ss` from an hour on. */
export function axisLabel(ms: number, stepMs: number): string {
  if (stepMs < 1000) {
    const m = Math.floor(ms / 60_000);
    return `${m}:${((ms - m * 60_000) / 1000).toFixed(1).padStart(4, '0')}`;
  }
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
