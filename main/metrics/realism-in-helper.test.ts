/**
 * Realism effects on the metrics worker's helper thread: the very rows realismEffects gives on this thread, for
 * several arms in flight at once; the helper's own answer when it refuses; and the rows computed here when the helper
 * stops without answering or never starts.
 */
import { describe, expect, it } from 'vitest';
import { realismEffects, realismUnits, type RealismCall, type RealismSpec } from '../stats/benchmarks/index';
import { realismInHelper } from './realism-in-helper';

const entry = new URL('./realism-worker-entry.mjs', import.meta.url).href;
const stopping = new URL('../../test-support/realism-helper-stopping.mjs', import.meta.url).href;
const refusing = new URL('../../test-support/realism-helper-refusing.mjs', import.meta.url).href;

/** 3 environments × 40 tasks of one stratum, half assigned spelling_style (which fails more often), by `shift`. */
function units(shift: number) {
  const calls: RealismCall[] = ['regular', 'noise_heavy', 'speech_heavy'].flatMap((environment, e) =>
    Array.from({ length: 40 }, (_, i) => ({
      task: `intake_dates_easy_${i}`,
      system: 'S',
      environment,
      kind: i % 2 === 0 ? 'spelling_style' : null,
      success: (i * 7 + e + shift) % 5 < (i % 2 === 0 ? 2 : 4),
      spellingRequest: (i + shift) % 3 === 0,
      durationSec: 40 + ((i * 13 + e * 5 + shift) % 17) / 3,
    })),
  );
  return realismUnits(calls).units;
}

const specs: RealismSpec[] = [
  { kind: null, outcome: 'success', test: true },
  { kind: 'spelling_style', outcome: 'success', test: true },
  { kind: 'spelling_style', outcome: 'duration_s', test: false },
];
const options = (seed: number) => ({ bootstrap: { resamples: 400, seed }, draws: 300 });

describe('realismInHelper', () => {
  it('gives the rows of realismEffects here, bit for bit, with two arms in flight, collected in either order', () => {
    const runner = realismInHelper(entry);
    runner.warm();
    const [a, b] = [units(0), units(2)];
    const first = runner.start(a, specs, options(1));
    const second = runner.start(b, specs, options(9));
    // JSON keeps every digit; toStrictEqual tells −0 from 0 and an absent key from an undefined one.
    const expectedB = realismEffects(b, specs, options(9));
    expect(JSON.stringify(second())).toBe(JSON.stringify(expectedB));
    expect(second()).toStrictEqual(expectedB);
    expect(first()).toStrictEqual(realismEffects(a, specs, options(1)));
  }, 60_000);

  it('reports the helper’s own refusal', () => {
    const runner = realismInHelper(refusing);
    expect(() => runner.start(units(0), specs, options(1))()).toThrow('request 0 refused by the helper');
  }, 30_000);

  it('computes the rows here when the helper stops without answering, or has not started in time', () => {
    const expected = realismEffects(units(1), specs, options(3));
    expect(realismInHelper(stopping).start(units(1), specs, options(3))()).toStrictEqual(expected);
    const t0 = Date.now();
    const missing = new URL('./no-such-helper.mjs', import.meta.url).href;
    expect(realismInHelper(missing, 300).start(units(1), specs, options(3))()).toStrictEqual(expected);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(300);
  }, 30_000);
});
