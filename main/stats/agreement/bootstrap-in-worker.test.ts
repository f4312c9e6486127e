import { describe, expect, it } from 'vitest';
import { bootstrapInWorker } from './bootstrap-in-worker';
import { fromColumns, KRIPPENDORFF_2011_C } from './reference-data';
import { agreementReport } from './report';

describe('bootstrapInWorker', () => {
  it('returns on a worker thread exactly what agreementReport returns in-process', async () => {
    const table = fromColumns(KRIPPENDORFF_2011_C);
    const options = { level: 'ordinal' as const, resamples: 2000, seed: 17 };
    const fromWorker = await bootstrapInWorker(table, options);
    expect(fromWorker).toEqual(agreementReport(table, options));
    expect(fromWorker.statistics.krippendorffAlpha.estimate).toBeCloseTo(0.815, 3);
  });

  it('rejects with the error raised inside the worker', async () => {
    await expect(bootstrapInWorker(fromColumns([['a', 'b']]))).rejects.toThrow(/at least 2 raters/);
  });

  it('does not block the calling thread while it works', async () => {
    const table = fromColumns(KRIPPENDORFF_2011_C);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await bootstrapInWorker(table, { resamples: 200_000 });
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
  });
});
