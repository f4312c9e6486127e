/**
 * Which turns go on which lane: with one channel per speaker (stereo user/agent), each speaker's turns are aligned
 * to their own channel's speech; otherwise (mono, or channels without speakers) every spoken turn is aligned, in
 * order, to the speech of all channels together, so turns fall at the pauses.
 */
import type { Speaker } from '../../shared/domain';
import { assignTurns, turnWeight, type TurnSpan } from './assign-turns';
import type { Segment } from './segments';

/** A turn as alignment reads it. */
export interface AlignTurn {
  speaker: Speaker;
  text: string;
  /** Tool events carry no speech and get no times. */
  tool: boolean;
}

/** How a call was aligned. */
export type AlignMode = 'stereo' | 'mono';

/** Spans per turn (null: not spoken, or no speech to place it on) and how they were found. */
export interface AlignmentPlan {
  mode: AlignMode;
  spans: (TurnSpan | null)[];
}

const spoken = (t: AlignTurn) => !t.tool && (t.speaker === 'user' || t.speaker === 'agent');

/** Every channel's segments as one sorted, overlap-free list. */
export function unionSegments(channels: readonly (readonly Segment[])[]): Segment[] {
  const all = channels.flat().sort((a, b) => a.startMs - b.startMs);
  const out: Segment[] = [];
  for (const s of all) {
    const last = out[out.length - 1];
    if (last && s.startMs <= last.endMs) last.endMs = Math.max(last.endMs, s.endMs);
    else out.push({ ...s });
  }
  return out;
}

/** Aligns `turns` given each channel's speech segments and which speaker each channel carries (`lanes`). */
export function planAlignment(
  turns: readonly AlignTurn[],
  lanes: readonly Speaker[],
  channels: readonly Segment[][],
): AlignmentPlan {
  const spans: (TurnSpan | null)[] = turns.map(() => null);
  const speakers = [...new Set(turns.filter(spoken).map((t) => t.speaker))];
  const laneOf = (s: Speaker) => lanes.slice(0, channels.length).indexOf(s);
  const stereo = channels.length >= 2 && speakers.length > 0 && speakers.every((s) => laneOf(s) >= 0);
  const groups: { indexes: number[]; segments: Segment[] }[] = stereo
    ? speakers.map((s) => ({
        indexes: turns.flatMap((t, i) => (spoken(t) && t.speaker === s ? [i] : [])),
        segments: channels[laneOf(s)],
      }))
    : [{ indexes: turns.flatMap((t, i) => (spoken(t) ? [i] : [])), segments: unionSegments(channels) }];
  for (const { indexes, segments } of groups) {
    const placed = assignTurns(
      indexes.map((i) => turnWeight(turns[i].text)),
      segments,
    );
    if (placed) indexes.forEach((turn, k) => (spans[turn] = placed[k]));
  }
  return { mode: stereo ? 'stereo' : 'mono', spans };
}
