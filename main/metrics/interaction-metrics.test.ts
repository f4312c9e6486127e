import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { fixture } from '../../test-support/fixtures';
import { readTau2 } from '../importers/tau2/read-tau2';
import { writeBatch } from '../importers/write-batch';
import { studyInteractionMetrics } from './interaction-metrics';
import { RUN, RUN_COUNTS } from '../stats/interaction/reference-values';

let t: TempServices;
beforeAll(async () => {
  t = await tempServices({ demo: false });
});
afterAll(() => t.cleanup());

describe('interaction metrics of an imported τ-Voice run', () => {
  it('equal tau2-bench’s own values for the fixture run after import → database → metrics', async () => {
    const batch = await readTau2(fixture('tau2-voice', 'experiment'));
    const summary = await writeBatch(t.services.db, batch, { now: new Date(), studyName: 'tau2 voice' });
    const m = studyInteractionMetrics(t.services.db, summary.study.id)!;
    expect(m.tickDurationSec).toBe(0.2);
    for (const [key, value] of Object.entries(RUN)) {
      expect(m.overall[key as keyof typeof RUN], key).toBeCloseTo(value as number, 12);
    }
    const c = m.overall.counts;
    expect([c.simulations, c.responseTotal, c.yieldTotal, c.backchannelTotal, c.vocalTicTotal, c.nonDirectedTotal, c.agentInterruptions]).toEqual(RUN_COUNTS);
    expect(Object.keys(m.bySystem)).toEqual(['openai:gpt-realtime-2']);
  });

  it('is null for a study without full-duplex ticks', async () => {
    const demo = await tempServices();
    expect(studyInteractionMetrics(demo.services.db, 1)).toBeNull();
    demo.cleanup();
  });
});
