import type { BootstrapOptions } from './bootstrap';
import { clusterSumsBootstrap } from './cluster-sums-bootstrap';
import { isSuccess, type EpisodeOutcome } from './episode-outcome';
import { fisherExact } from './fisher-exact';
import { freemanHalton2xK } from './freeman-halton';
import { conditionKey, groupBy } from './group';
import { holmAdjust } from './holm';
import { belowMinimum } from './min-cell';
import { rate } from './rate';
import type { CallerVoiceRow, VoiceContrast, VoiceSuccess } from '../../../shared/types/elicitation-rows';

/** A call with the caller voice (persona) that spoke in it; null when the call names none. */
export interface VoicedOutcome extends EpisodeOutcome {
  voice: string | null;
}

/** Per task of the cell: calls and successes of each voice (sums 2v and 2v + 1 for the v-th voice). */
function taskSums(rows: readonly VoicedOutcome[], voices: readonly string[]): Float64Array[] {
  return [...groupBy(rows, (r) => r.task).values()].map((list) => {
    const sums = new Float64Array(2 * voices.length);
    for (const r of list) {
      const at = 2 * voices.indexOf(r.voice!);
      sums[at] += 1;
      sums[at + 1] += isSuccess(r.reward) ? 1 : 0;
    }
    return sums;
  });
}

/** The v-th voice's success share; undefined for a resample without its calls. */
const shareOf =
  (v: number) =>
  (t: Float64Array): number =>
    t[2 * v] === 0 ? Number.NaN : t[2 * v + 1] / t[2 * v];
/** The a-th − b-th voice's success; undefined when a resample lacks either. */
const differenceOf = (a: number, b: number) => {
  const [shareA, shareB] = [shareOf(a), shareOf(b)];
  return (t: Float64Array): number => shareA(t) - shareB(t);
};

/** Holm over the non-null p-values, in place of each; null stays null. */
function holmWhereTested(ps: readonly (number | null)[]): (number | null)[] {
  const tested = ps.flatMap((p, i) => (p === null ? [] : [{ p, i }]));
  const adjusted = holmAdjust(tested.map((t) => t.p));
  const out: (number | null)[] = ps.map(() => null);
  tested.forEach((t, j) => (out[t.i] = adjusted[j]));
  return out;
}

/**
 * One cell: the voices best first, every pair compared (Fisher exact, Holm across the pairs tested). Every interval
 * comes from one bootstrap of the cell's tasks (a resample draws tasks; each voice's share and each difference is
 * read from the same resample).
 */
function voiceCell(rows: readonly VoicedOutcome[], boot: BootstrapOptions): Omit<CallerVoiceRow, 'omnibusHolmP'> {
  const voiced = rows.filter((r) => r.voice !== null);
  const counts = [...groupBy(voiced, (r) => r.voice!)]
    .map(([voice, list]) => ({ voice, success: rate(list.filter((r) => isSuccess(r.reward)).length, list.length) }))
    .sort((a, b) => (b.success.value ?? 0) - (a.success.value ?? 0) || a.voice.localeCompare(b.voice));
  const names = counts.map((c) => c.voice);
  const pairs = names.flatMap((_, a) => names.slice(a + 1).map((__, j) => [a, a + 1 + j] as const));
  const intervals = clusterSumsBootstrap(
    taskSums(voiced, names),
    [...names.map((_, v) => shareOf(v)), ...pairs.map(([a, b]) => differenceOf(a, b))],
    boot,
  );
  const voices: VoiceSuccess[] = counts.map((c, v) => ({
    ...c,
    interval: intervals[v],
    belowMinimum: belowMinimum(c.success.denominator),
  }));
  const raw: Omit<VoiceContrast, 'holmP'>[] = pairs.map(([a, b], k) => {
    const small = voices[a].belowMinimum || voices[b].belowMinimum;
    const [sa, sb] = [voices[a].success, voices[b].success];
    return {
      voiceA: names[a],
      voiceB: names[b],
      difference: intervals[names.length + k],
      p: small
        ? null
        : fisherExact(sa.numerator, sa.denominator - sa.numerator, sb.numerator, sb.denominator - sb.numerator),
      belowMinimum: small,
    };
  });
  const holm = holmWhereTested(raw.map((c) => c.p));
  const tested = voices.filter((v) => !v.belowMinimum);
  const values = tested.map((v) => v.success.value!);
  return {
    system: rows[0].system,
    condition: { ...rows[0].condition },
    calls: voiced.length,
    unvoiced: rows.length - voiced.length,
    voices,
    spread: tested.length < 2 ? null : Math.max(...values) - Math.min(...values),
    omnibusP:
      tested.length < 2
        ? null
        : freemanHalton2xK(
            tested.map((v) => v.success.numerator),
            tested.map((v) => v.success.denominator),
          ),
    contrasts: raw.map((c, i) => ({ ...c, holmP: holm[i] })),
  };
}

/**
 * Success by caller voice per (system, condition) over scored calls (τ-Elicitation's voice analysis): each voice's
 * success with its interval, the best − worst spread, an exact Fisher–Freeman–Halton omnibus test (Holm across the
 * cells tested) and every pair of voices by two-sided Fisher exact test (Holm across the pairs of the cell). Voices
 * with fewer calls than the minimum are shown but not tested. Cells without any voice are left out.
 */
export function callerVoiceSuccess(records: readonly VoicedOutcome[], boot: BootstrapOptions = {}): CallerVoiceRow[] {
  const scored = records.filter((r) => r.reward !== null);
  const cells = [...groupBy(scored, (r) => `${r.system}\u0000${conditionKey(r.condition)}`).values()]
    .filter((rows) => rows.some((r) => r.voice !== null))
    .map((rows) => voiceCell(rows, boot));
  const holm = holmWhereTested(cells.map((c) => c.omnibusP));
  return cells.map((c, i) => ({ ...c, omnibusHolmP: holm[i] }));
}
