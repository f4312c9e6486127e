/**
 * DSB-DG context tiers as nested excerpts of one document: each tier's excerpt is the previous one grown by whole
 * sentences (after, then before, in turn) up to the tier's token budget, around the sentences the questions need.
 */
import type { TIERS } from '../set/schema';

/** A tier name, T1 … T5. */
export type Tier = (typeof TIERS)[number];

/** Token budgets of the tiers (DSB-DG's ≈0.5k, 1k, 2k, 4k, 8k tokens of context). */
export const TIER_BUDGETS: Readonly<Record<Tier, number>> = { T1: 512, T2: 1024, T3: 2048, T4: 4096, T5: 8192 };

/** The tokenizer approximation: one token per four characters (rounded up), about what BPE tokenizers give English. */
export function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The document split into sentences (at . ! ? followed by space, and at blank lines), with their text kept whole. */
export function sentencesOf(document: string): string[] {
  return document
    .split(/(?<=[.!?]["')\]]?)\s+|\n\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** One tier's excerpt. */
export interface TierExcerpt {
  tier: Tier;
  text: string;
  tokens: number;
  /** Whether the excerpt is the whole document (a larger tier would add nothing). */
  whole: boolean;
}

const fold = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');

/** Indices of the sentences holding each needle (a sentence that contains it, or that it contains). */
export function sentencesHolding(sentences: readonly string[], needles: readonly string[]): number[] {
  const folded = sentences.map(fold);
  const found: number[] = [];
  for (const needle of needles.map(fold)) {
    const i = folded.findIndex((s) => s.includes(needle) || (needle.length > 20 && needle.includes(s)));
    if (i >= 0) found.push(i);
  }
  return found;
}

/**
 * Nested excerpts, smallest tier first, stopping after the first excerpt that is the whole document. The window
 * starts on the sentences from the first to the last of `core` (the evidence), or on the first sentence; a tier
 * whose budget that start already exceeds is left out (`tooSmall`).
 */
export function nestedExcerpts(
  document: string,
  core: readonly number[],
  tiers: readonly Tier[],
): { excerpts: TierExcerpt[]; tooSmall: Tier[] } {
  const sentences = sentencesOf(document);
  const cost = sentences.map((s) => approxTokens(s) + 1);
  let lo = core.length ? Math.min(...core) : 0;
  let hi = core.length ? Math.max(...core) : 0;
  let used = cost.slice(lo, hi + 1).reduce((a, b) => a + b, 0);
  const out: TierExcerpt[] = [];
  const tooSmall: Tier[] = [];
  for (const tier of tiers) {
    const budget = TIER_BUDGETS[tier];
    if (used > budget) {
      tooSmall.push(tier);
      continue;
    }
    let grew = true;
    while (grew) {
      grew = false;
      for (const side of ['after', 'before'] as const) {
        const next = side === 'after' ? hi + 1 : lo - 1;
        if (next < 0 || next >= sentences.length || used + cost[next] > budget) continue;
        used += cost[next];
        if (side === 'after') hi = next;
        else lo = next;
        grew = true;
      }
    }
    const text = sentences.slice(lo, hi + 1).join(' ');
    const whole = lo === 0 && hi === sentences.length - 1;
    out.push({ tier, text, tokens: approxTokens(text), whole });
    if (whole) break;
  }
  return { excerpts: out, tooSmall };
}
