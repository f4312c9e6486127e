import { percentileBootstrap, type BootstrapOptions } from './bootstrap';
import { groupBy } from './group';
import { holmAdjust } from './holm';
import { mcnemar } from './mcnemar';
import { belowMinimum } from './min-cell';
import { isScored, type NotAttemptedPolicy, type VeraGrade } from './vera-grade';
import type { GapFigure, VoiceTextGaps } from '../../../shared/types/vera-rows';

/** One item answered by both runs: each side's score, 1/0 for one repeat or the mean over its repeats. */
export interface GapPair {
  item: string;
  track: string;
  voice: number;
  text: number;
}

/**
 * Pairs two runs by item. Each side's score of an item is the mean over its scored grades (CORRECT = 1), so repeats
 * of an item average; an item counts when both sides have a scored grade under the policy.
 */
export function pairGrades(
  voice: readonly VeraGrade[],
  text: readonly VeraGrade[],
  policy: NotAttemptedPolicy = 'incorrect',
): { pairs: GapPair[]; unpaired: number } {
  const scores = (grades: readonly VeraGrade[]) =>
    new Map(
      [
        ...groupBy(
          grades.filter((g) => isScored(g.grade, policy)),
          (g) => g.item,
        ),
      ].map(([item, list]) => [
        item,
        { track: list[0].track, score: list.filter((g) => g.grade === 'CORRECT').length / list.length },
      ]),
    );
  const v = scores(voice);
  const t = scores(text);
  const pairs: GapPair[] = [];
  for (const [item, side] of v) {
    const other = t.get(item);
    if (other) pairs.push({ item, track: side.track, voice: side.score, text: other.score });
  }
  const items = new Set([...voice, ...text].map((g) => g.item));
  return { pairs, unpaired: items.size - pairs.length };
}

const mean = (values: readonly number[]): number => values.reduce((s, x) => s + x, 0) / values.length;
const gapOf = (pairs: readonly GapPair[]): number =>
  pairs.length ? mean(pairs.map((p) => p.text - p.voice)) : Number.NaN;
const binary = (x: number) => x === 0 || x === 1;

function figure(pairs: readonly GapPair[], options: BootstrapOptions): GapFigure {
  const n = pairs.length;
  const small = belowMinimum(n);
  return {
    pairs: n,
    voiceAccuracy: n ? mean(pairs.map((p) => p.voice)) : null,
    textAccuracy: n ? mean(pairs.map((p) => p.text)) : null,
    gap: n ? gapOf(pairs) : null,
    interval: n ? percentileBootstrap(pairs, gapOf, options) : null,
    test:
      !small && pairs.every((p) => binary(p.voice) && binary(p.text))
        ? mcnemar(pairs.filter((p) => p.text > p.voice).length, pairs.filter((p) => p.voice > p.text).length)
        : null,
    belowMinimum: small,
  };
}

/** Macro voice accuracy, text accuracy and gap over the given tracks; NaN gap when a track has no pair. */
function macroOf(pairs: readonly GapPair[], tracks: readonly string[]): { voice: number; text: number; gap: number } {
  const byTrack = groupBy(pairs, (p) => p.track);
  if (tracks.some((t) => !byTrack.has(t))) return { voice: Number.NaN, text: Number.NaN, gap: Number.NaN };
  const voice = mean(tracks.map((t) => mean(byTrack.get(t)!.map((p) => p.voice))));
  const text = mean(tracks.map((t) => mean(byTrack.get(t)!.map((p) => p.text))));
  return { voice, text, gap: text - voice };
}

/**
 * VERA's voice–text gap (Lin et al., arXiv 2509.26542) pooled, per track and macro-averaged over tracks (the paper's
 * headline), each with a paired percentile bootstrap; exact McNemar per track with Holm across the tracks tested (a
 * track, or the pool, with fewer pairs than the minimum cell size gets no test).
 */
export function voiceTextGaps(
  paired: { pairs: readonly GapPair[]; unpaired: number },
  options: BootstrapOptions = {},
): VoiceTextGaps {
  const { pairs } = paired;
  const groups = [...groupBy(pairs, (p) => p.track)];
  const perTrack = groups.map(([track, list]) => ({ track, ...figure(list, options) }));
  const tested = perTrack.filter((t) => t.test !== null);
  const adjusted = holmAdjust(tested.map((t) => t.test!.exactP));
  const tracks = perTrack.map((t) => ({ ...t, holmP: t.test ? adjusted[tested.indexOf(t)] : null }));
  const names = groups.map(([track]) => track);
  const macro = macroOf(pairs, names);
  return {
    unpaired: paired.unpaired,
    pooled: figure(pairs, options),
    tracks,
    macro: {
      pairs: pairs.length,
      voiceAccuracy: pairs.length ? macro.voice : null,
      textAccuracy: pairs.length ? macro.text : null,
      gap: pairs.length ? macro.gap : null,
      interval: pairs.length ? percentileBootstrap(pairs, (s) => macroOf(s, names).gap, options) : null,
    },
  };
}
