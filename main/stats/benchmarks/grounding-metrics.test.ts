import { describe, expect, it } from 'vitest';
import { probe } from './make-probe';
import { groundingByGroup, summarizeGrounding } from './grounding-metrics';

// 1 answerable, correct, confident                         (T1, finance)
// 2 answerable, wrong, intrinsic, confident                (T1, finance)
// 3 answerable, wrong, extrinsic, hedged                    (T1, legal)
// 4 answerable, refused                                     (T1, legal)
// 5 unanswerable, refused                                   (T5, finance)
// 6 unanswerable, answered, extrinsic, confident → false conf. (T5, finance)
// 7 unanswerable, refused                                   (T5, legal)
// 8 answerable, correct but adds an unsupported detail (extrinsic), confident (T5, legal)
const probes = [
  probe({ probe: '1' }),
  probe({ probe: '2', correct: false, hallucination: 'intrinsic' }),
  probe({ probe: '3', correct: false, hallucination: 'extrinsic', confident: false, domain: 'legal' }),
  probe({ probe: '4', refused: true, correct: false, domain: 'legal' }),
  probe({ probe: '5', answerable: false, refused: true, correct: false, tier: 'T5' }),
  probe({ probe: '6', answerable: false, correct: false, hallucination: 'extrinsic', tier: 'T5' }),
  probe({ probe: '7', answerable: false, refused: true, correct: false, tier: 'T5', domain: 'legal' }),
  probe({ probe: '8', hallucination: 'extrinsic', tier: 'T5', domain: 'legal' }),
];

describe('summarizeGrounding', () => {
  it('computes every rate with its stated denominator', () => {
    const s = summarizeGrounding(probes);
    expect(s.probes).toBe(8);
    expect(s.accuracy).toEqual({ numerator: 2, denominator: 5, value: 0.4 }); // 1, 8 of answerable 1, 2, 3, 4, 8
    expect(s.hallucination).toEqual({ numerator: 4, denominator: 5, value: 0.8 }); // 2, 3, 6, 8 of answers 1, 2, 3, 6, 8
    expect(s.intrinsic).toEqual({ numerator: 1, denominator: 5, value: 0.2 });
    expect(s.extrinsic).toEqual({ numerator: 3, denominator: 5, value: 0.6 });
    expect(s.refusalOnUnanswerable).toEqual({ numerator: 2, denominator: 3, value: 2 / 3 }); // 5, 7 of 5, 6, 7
    expect(s.refusalOnAnswerable).toEqual({ numerator: 1, denominator: 5, value: 0.2 }); // 4
    expect(s.falseConfidence).toEqual({ numerator: 1, denominator: 3, value: 1 / 3 }); // 6 of 5, 6, 7
  });
});

describe('groundingByGroup', () => {
  it('splits by tier and by domain', () => {
    const byTier = groundingByGroup(probes, (p) => p.tier);
    // T1: answerable 1–4, correct 1 → 1/4.  T5: answerable 8 → 1/1; unanswerable 5, 6, 7 → refusal 2/3.
    expect(byTier.map((r) => [r.group, r.summary.accuracy.value, r.summary.refusalOnUnanswerable.value])).toEqual([
      ['T1', 0.25, null],
      ['T5', 1, 2 / 3],
    ]);
    const byDomain = groundingByGroup(probes, (p) => p.domain);
    // finance: 1, 2, 5, 6 → accuracy 1/2, answers 1, 2, 6 → hallucination 2/3.  legal: 3, 4, 7, 8 → 1/3, answers 3, 8 → 2/2.
    expect(byDomain.map((r) => [r.group, r.summary.accuracy.value, r.summary.hallucination.value])).toEqual([
      ['finance', 0.5, 2 / 3],
      ['legal', 1 / 3, 1],
    ]);
  });
});
