import { percentileBootstrap, type BootstrapInterval, type BootstrapOptions } from './bootstrap';
import { mcnemar, type McNemarResult } from './mcnemar';
import { isScored, type NotAttemptedPolicy, type VeraGrade } from './vera-grade';

/** Options of voiceTextGap. */
export interface VoiceTextGapOptions extends BootstrapOptions {
  /** NOT_ATTEMPTED as incorrect (default) or dropping the pair. */
  notAttempted?: NotAttemptedPolicy;
}

/** Paired voice-versus-text comparison on the items both runs answered. */
export interface VoiceTextGap {
  /** Items scored in both runs. */
  pairs: number;
  /** Items present in only one run, or unscored in either: left out. */
  unpaired: number;
  voiceAccuracy: number | null;
  textAccuracy: number | null;
  /** textAccuracy − voiceAccuracy over the pairs: positive when voice lags text. */
  gap: number | null;
  /** McNemar with b = text right & voice wrong, c = voice right & text wrong. */
  test: McNemarResult;
  /** Percentile bootstrap of the gap, resampling items (pairs stay together); null without pairs. */
  interval: BootstrapInterval | null;
}

/** The voice–text gap of VERA: paired by item, exact McNemar (and Yates χ²) on discordant pairs, paired bootstrap interval. */
export function voiceTextGap(voice: readonly VeraGrade[], text: readonly VeraGrade[], options: VoiceTextGapOptions = {}): VoiceTextGap {
  const policy = options.notAttempted ?? 'incorrect';
  const index = (grades: readonly VeraGrade[], side: string): Map<string, VeraGrade> => {
    const map = new Map<string, VeraGrade>();
    for (const g of grades) {
      if (map.has(g.item)) throw new Error(`item ${g.item} appears twice in the ${side} grades`);
      map.set(g.item, g);
    }
    return map;
  };
  const voiceByItem = index(voice, 'voice');
  const textByItem = index(text, 'text');
  const pairs: { voice: boolean; text: boolean }[] = [];
  for (const [item, v] of voiceByItem) {
    const t = textByItem.get(item);
    if (t && isScored(v.grade, policy) && isScored(t.grade, policy)) pairs.push({ voice: v.grade === 'CORRECT', text: t.grade === 'CORRECT' });
  }
  const allItems = new Set([...voiceByItem.keys(), ...textByItem.keys()]);
  const gapOf = (sample: { voice: boolean; text: boolean }[]): number => sample.reduce((sum, p) => sum + Number(p.text) - Number(p.voice), 0) / sample.length;
  const n = pairs.length;
  return {
    pairs: n,
    unpaired: allItems.size - n,
    voiceAccuracy: n === 0 ? null : pairs.filter((p) => p.voice).length / n,
    textAccuracy: n === 0 ? null : pairs.filter((p) => p.text).length / n,
    gap: n === 0 ? null : gapOf(pairs),
    test: mcnemar(pairs.filter((p) => p.text && !p.voice).length, pairs.filter((p) => p.voice && !p.text).length),
    interval: n === 0 ? null : percentileBootstrap(pairs, gapOf, options),
  };
}
