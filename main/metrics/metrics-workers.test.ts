/** Metrics threads kept warm between jobs: reused after a job that ended, never after a cancel; one waits at most. */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { fixture } from '../../test-support/fixtures';
import { importStudy } from '../../test-support/import-study';
import { metricsInWorker } from './metrics-in-worker';
import { returnMetricsWorker, takeMetricsWorker } from './metrics-workers';

let t: TempServices;
let veraId: number;
const sink = { head: () => undefined, section: () => undefined };

beforeAll(async () => {
  t = await tempServices({ demo: false });
  veraId = await importStudy(t.services, fixture('vera', 'test_voice_episodes', 'test.json'), 'VERA');
}, 120_000);
afterAll(() => t.cleanup());

describe('metrics workers', () => {
  it('a thread that finished a job computes the next one; a second thread given back ends', async () => {
    const first = takeMetricsWorker();
    returnMetricsWorker(first);
    await metricsInWorker(t.services.db, veraId, { resamples: 50 }, sink);
    await metricsInWorker(t.services.db, veraId, { resamples: 50 }, sink);
    const again = takeMetricsWorker();
    expect(again).toBe(first);
    const other = takeMetricsWorker();
    expect(other).not.toBe(first);
    returnMetricsWorker(again);
    const ended = once(other, 'exit');
    returnMetricsWorker(other);
    await ended;
    expect(takeMetricsWorker()).toBe(first);
    returnMetricsWorker(first);
  }, 60_000);

  it('a cancelled job ends its thread: the next job gets a new one', async () => {
    const kept = takeMetricsWorker();
    returnMetricsWorker(kept);
    const ended = once(kept, 'exit');
    const controller = new AbortController();
    const run = metricsInWorker(t.services.db, veraId, { resamples: 50 }, sink, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(run).rejects.toThrow('cancelled');
    await ended;
    const next = takeMetricsWorker();
    expect(next).not.toBe(kept);
    returnMetricsWorker(next);
  }, 60_000);
});
