/** Figures on the metrics worker: the same document as the synchronous computation, section by section, and a cancel. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { fixture } from '../../test-support/fixtures';
import { importStudy } from '../../test-support/import-study';
import { mergeSections, type MetricsHead, type MetricsSection } from '../../shared/types/metrics-sections';
import type { MetricsSectionEvent } from '../../shared/types/metrics-sections';
import type { EventPayloads } from '../../shared/contract';
import { studyMetrics } from './study-metrics';
import { metricsInWorker } from './metrics-in-worker';
import { metricsStart } from '../api/metrics-start';

let t: TempServices;
let veraId: number;
const options = { resamples: 300, seed: 4 };

beforeAll(async () => {
  t = await tempServices({ demo: false });
  veraId = await importStudy(t.services, fixture('vera', 'test_voice_episodes', 'test.json'), 'VERA');
}, 120_000);
afterAll(() => t.cleanup());

async function collect(studyId: number, signal?: AbortSignal) {
  let head: MetricsHead | null = null;
  const sections: MetricsSection[] = [];
  const done = metricsInWorker(
    t.services.db,
    studyId,
    options,
    { head: (h) => (head = h), section: (s) => sections.push(s) },
    signal,
  );
  return { done, head: () => head, sections };
}

describe('metricsInWorker', () => {
  it('posts the head and every section it announces, which merge into the document metrics.study returns', async () => {
    const run = await collect(veraId);
    await run.done;
    const head = run.head()!;
    expect(head.sections.map((s) => s.id)).toEqual(
      expect.arrayContaining(['vera', 'labels', 'interaction', 'judge-corrected', 'transcription']),
    );
    expect(run.sections.map((s) => s.id).sort()).toEqual(head.sections.map((s) => s.id).sort());
    expect(run.sections[0].id).not.toBe('vera'); // cheapest first: VERA's bootstraps come after the cheap sections
    expect(mergeSections(head, run.sections)).toEqual(studyMetrics(t.services.db, veraId, options));
  }, 60_000);

  it('gives the τ-Elicitation archive’s document, its realism effects computed on the helper thread', async () => {
    const archiveId = await importStudy(t.services, fixture('tau-elicitation'), 'archive');
    const run = await collect(archiveId);
    await run.done;
    const merged = mergeSections(run.head()!, run.sections);
    expect(merged.tau.find((s) => s.benchmark === 'tau-elicitation')!.realism.length).toBeGreaterThan(0);
    expect(JSON.stringify(merged)).toBe(JSON.stringify(studyMetrics(t.services.db, archiveId, options)));
  }, 120_000);

  it('stops at once when cancelled, and refuses an unknown study as not_found', async () => {
    const controller = new AbortController();
    const run = await collect(veraId, controller.signal);
    controller.abort(new Error('cancelled by the user'));
    await expect(run.done).rejects.toThrow('cancelled by the user');
    expect(run.sections.length).toBeLessThan(5);
    const missing = await collect(9999);
    await expect(missing.done).rejects.toMatchObject({ code: 'not_found' });
  }, 60_000);

  it('runs as the metrics.start job: head and sections as metrics.section events, sections counted in job.progress', async () => {
    const seen: MetricsSectionEvent[] = [];
    const progress: EventPayloads['job.progress'][] = [];
    const off = t.services.events.subscribe((event, payload) => {
      if (event === 'metrics.section') seen.push(payload);
      if (event === 'job.progress' && payload.kind === 'metrics') progress.push(payload);
    });
    const { jobId } = metricsStart(t.services, { studyId: veraId, options });
    await expect.poll(() => progress.at(-1)?.finished, { timeout: 30_000 }).toBe(true);
    off();
    expect(seen.every((e) => e.jobId === jobId && e.studyId === veraId)).toBe(true);
    expect(seen[0].kind).toBe('head');
    const last = progress.at(-1)!;
    expect([last.error, last.done, last.total]).toEqual([null, seen.length - 1, seen.length - 1]);
    expect(() => metricsStart(t.services, { studyId: 9999 })).toThrow('study 9999');
  }, 60_000);
});
