import { describe, expect, it } from 'vitest';
import { probe } from './make-probe';
import { reinjectionBenefit } from './reinjection-benefit';

describe('reinjectionBenefit', () => {
  it('is accuracy after re-injection minus accuracy before', () => {
    // before: 1 right of 3 → 1/3; after: 3 right of 4 → 3/4; benefit = 3/4 − 1/3 = 5/12.
    // Probes with reinjection = null and unanswerable probes do not count.
    const probes = [
      probe({ reinjection: 'before' }), probe({ reinjection: 'before', correct: false }), probe({ reinjection: 'before', refused: true, correct: false }),
      probe({ reinjection: 'after' }), probe({ reinjection: 'after' }), probe({ reinjection: 'after' }), probe({ reinjection: 'after', correct: false }),
      probe({ reinjection: null, correct: false }),
      probe({ reinjection: 'after', answerable: false, correct: false }),
      probe({ system: 'T', reinjection: 'after' }),
    ];
    const [s, t] = reinjectionBenefit(probes);
    expect(s.before).toEqual({ numerator: 1, denominator: 3, value: 1 / 3 });
    expect(s.after).toEqual({ numerator: 3, denominator: 4, value: 0.75 });
    expect(s.benefit).toBeCloseTo(5 / 12, 14);
    expect([t.system, t.before.value, t.benefit]).toEqual(['T', null, null]);
  });
});
