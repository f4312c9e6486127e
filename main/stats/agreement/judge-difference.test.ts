import { describe, expect, it } from 'vitest';
import { pairedJudgeFigures, type PairedFlagItem } from './judge-difference';
import { mulberry32 } from './prng';

describe('two judges paired on items', () => {
  const next = mulberry32(5);
  const rand = () => next() / 2 ** 32;
  const items: PairedFlagItem[] = Array.from({ length: 120 }, () => {
    const human = rand() < 0.3;
    const good = rand() < 0.9 ? human : !human;
    const poor = rand() < 0.65 ? human : !human;
    return { baseline: poor, candidate: good, references: [human] };
  });

  it("differences are the candidate's point figures minus the baseline's, with an interval above 0 for a clearly better judge", () => {
    const f = pairedJudgeFigures(items, 1, { resamples: 2000 });
    const d = f.differences[0];
    expect(d.cohenKappa.estimate).toBeCloseTo(
      f.candidate[0]!.cohenKappa.estimate! - f.baseline[0]!.cohenKappa.estimate!,
      12,
    );
    expect(d.f1.estimate).toBeCloseTo(f.candidate[0]!.f1.estimate! - f.baseline[0]!.f1.estimate!, 12);
    expect(d.cohenKappa.low!).toBeGreaterThan(0);
  });

  it('the same judge twice differs by exactly 0 on every resample', () => {
    const same = items.map((it) => ({ ...it, candidate: it.baseline }));
    const d = pairedJudgeFigures(same, 1, { resamples: 500 }).differences[0];
    expect([d.cohenKappa.low, d.cohenKappa.estimate, d.cohenKappa.high]).toEqual([0, 0, 0]);
  });
});
