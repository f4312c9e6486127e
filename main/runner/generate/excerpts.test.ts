import { describe, expect, it } from 'vitest';
import { TIERS } from '../set/schema';
import { approxTokens, nestedExcerpts, sentencesHolding, sentencesOf, TIER_BUDGETS } from './excerpts';

/** 600 numbered sentences of 60 characters (16 tokens with the joining space): ≈ 9 600 tokens, more than T5 holds. */
const sentence = (i: number) =>
  `Sentence ${String(i).padStart(4, '0')} of the long handbook says nothing new.`.padEnd(60, '.');
const DOC = Array.from({ length: 600 }, (_, i) => sentence(i)).join(' ');

describe('nested excerpts to the DSB-DG tier budgets', () => {
  const sentences = sentencesOf(DOC);
  const core = sentencesHolding(sentences, ['Sentence 0300 of the long handbook']);
  const { excerpts, tooSmall } = nestedExcerpts(DOC, core, TIERS);

  it('counts about four characters a token', () => {
    expect(approxTokens('abcd')).toBe(1);
    expect(approxTokens('abcde')).toBe(2);
    expect(sentences).toHaveLength(600);
    expect(core).toEqual([300]);
  });

  it('gives every tier an excerpt within its budget, each nested in the next, all holding the evidence', () => {
    expect(tooSmall).toEqual([]);
    expect(excerpts.map((e) => e.tier)).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']);
    for (const e of excerpts) {
      expect(e.tokens).toBeLessThanOrEqual(TIER_BUDGETS[e.tier]);
      expect(e.tokens).toBeGreaterThan(TIER_BUDGETS[e.tier] * 0.9); // filled up to the budget's last sentence
      expect(e.text).toContain(sentence(300));
    }
    for (let i = 1; i < excerpts.length; i++) expect(excerpts[i].text).toContain(excerpts[i - 1].text);
    // 512 tokens hold 32 sentences of 16: the window grows after, then before, from sentence 300.
    expect(excerpts[0].text.startsWith(sentence(285))).toBe(true);
    expect(excerpts[0].text.endsWith(sentence(316))).toBe(true);
    expect(excerpts.every((e) => !e.whole)).toBe(true);
  });

  it('stops at the first tier that is the whole document, and leaves out tiers too small for the evidence', () => {
    const short = Array.from({ length: 40 }, (_, i) => sentence(i)).join(' ');
    expect(nestedExcerpts(short, [], TIERS).excerpts.map((e) => [e.tier, e.whole])).toEqual([
      ['T1', false],
      ['T2', true],
    ]);
    const spread = nestedExcerpts(DOC, [0, 100], TIERS);
    expect(spread.tooSmall).toEqual(['T1', 'T2']);
    expect(spread.excerpts[0]).toMatchObject({ tier: 'T3' });
  });
});
