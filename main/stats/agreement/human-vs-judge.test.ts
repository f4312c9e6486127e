import { describe, expect, it } from 'vitest';
import { binaryPairAgreement, f1Score, judgeVsPooledHumans, pooledHumanLabel, type JudgedUnit } from './human-vs-judge';

const unit = (judge: boolean, positiveVotes: number, annotators = 2): JudgedUnit => ({ judge, annotators, positiveVotes });

describe('human vs judge', () => {
  it('pools two annotators strictly (both positive) or leniently (either positive)', () => {
    expect([0, 1, 2].map((v) => pooledHumanLabel(unit(true, v), 'strict'))).toEqual([false, false, true]);
    expect([0, 1, 2].map((v) => pooledHumanLabel(unit(true, v), 'lenient'))).toEqual([false, true, true]);
    expect(pooledHumanLabel(unit(true, 0, 0), 'lenient')).toBeNull();
  });

  it('scores judge flags against pooled labels (hand-counted example)', () => {
    // Judge flags 4 units: votes 2, 2, 1, 0; misses 2 units: votes 2, 1; 3 units with 0 votes unflagged; 1 unit unlabelled.
    const units = [unit(true, 2), unit(true, 2), unit(true, 1), unit(true, 0), unit(false, 2), unit(false, 1), unit(false, 0), unit(false, 0), unit(false, 0), unit(true, 0, 0)];
    // Strict: TP 2, FP 2, FN 1, TN 4 → P = 0.5, R = 2/3, F1 = 4/7.
    expect(judgeVsPooledHumans(units, 'strict')).toMatchObject({ n: 9, truePositives: 2, falsePositives: 2, falseNegatives: 1, trueNegatives: 4 });
    expect(judgeVsPooledHumans(units, 'strict').f1).toBeCloseTo(4 / 7, 12);
    // Lenient: TP 3, FP 1, FN 2, TN 3 → P = 0.75, R = 0.6, F1 = 2·0.45/1.35 = 2/3.
    const lenient = judgeVsPooledHumans(units, 'lenient');
    expect([lenient.precision, lenient.recall]).toEqual([0.75, 0.6]);
    expect(lenient.f1).toBeCloseTo(2 / 3, 12);
  });

  it('defines F1 as the harmonic mean, 0 when precision and recall are both 0', () => {
    expect(f1Score(0.5, 1)).toBeCloseTo(2 / 3, 12);
    expect(f1Score(0, 0)).toBe(0);
    expect(f1Score(NaN, 1)).toBeNaN();
  });

  it('gives agreement and κ of one annotator against the judge (Wikipedia Cohen example: 0.7 and 0.4)', () => {
    const judge: boolean[] = [];
    const human: boolean[] = [];
    const add = (j: boolean, h: boolean, n: number) => {
      for (let i = 0; i < n; i++) {
        judge.push(j);
        human.push(h);
      }
    };
    add(true, true, 20);
    add(true, false, 5);
    add(false, true, 10);
    add(false, false, 15);
    const result = binaryPairAgreement([...judge, true], [...human, null]);
    expect(result.n).toBe(50);
    expect(result.agreement).toBeCloseTo(0.7, 12);
    expect(result.kappa).toBeCloseTo(0.4, 12);
  });
});
