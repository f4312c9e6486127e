/** The run and judge methods through the dispatcher both doors use. */
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleSetAt, fakeSystem } from '../../test-support/openai-server/fixtures';
import type { FakeOpenAi } from '../../test-support/openai-server/server';
import { useFakeOpenAiStudio } from '../../test-support/openai-studio';
import type { TempServices } from '../../test-support/temp-services';
import type { RunDetail, RunExample, RunSummary } from '../../shared/types/runs';
import { dispatch } from './dispatch';

const env = useFakeOpenAiStudio();
let t: TempServices;
let fake: FakeOpenAi;
beforeAll(() => void ({ fake, t } = env));

describe('run methods', () => {
  it('lists the example sets, systems and judges, and says where the key comes from (never the key)', async () => {
    const examples = await dispatch(t.services, 'runs.examples', {});
    expect(examples.ok && (examples.result as RunExample[]).map((e) => `${e.kind} ${e.name}`)).toEqual([
      'set dsb-dg-mini.jsonl', 'set generic-mini.jsonl', 'set vera-mini/', 'system gemini-live.json', 'system openai-cascade.json', 'system openai-realtime.json', 'system text-baseline.json', 'judge gpt-4o-mini.json',
    ]);
    const status = await dispatch(t.services, 'keys.status', {});
    expect(status).toEqual({ ok: true, result: { env: 'OPENAI_API_KEY', source: 'env', canStore: false } });
    expect(JSON.stringify(status)).not.toContain(fake.apiKey);
    expect(await dispatch(t.services, 'keys.store', { env: 'OPENAI_API_KEY', value: 'x' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('starts a run with an inline config, reports it, and refuses bad input with typed errors', async () => {
    const set = exampleSetAt(t.dir, 'generic-mini.jsonl', fake.baseUrl);
    const started = await dispatch(t.services, 'runs.start', { set, system: fakeSystem('text', fake.baseUrl) });
    expect(started.ok).toBe(true);
    const runId = started.ok ? (started.result as { runId: number }).runId : 0;
    await expect.poll(async () => { const r = await dispatch(t.services, 'runs.get', { runId }); return r.ok && (r.result as RunDetail).run.status; }).toBe('done');
    const list = await dispatch(t.services, 'runs.list', {});
    expect(list.ok && (list.result as RunSummary[])[0]).toMatchObject({ id: runId, done: 2, planned: 2, systemKind: 'text' });
    expect(await dispatch(t.services, 'runs.start', { set, system: { kind: 'text', id: 'x', model: 'm', apiKey: 'sk-x' } })).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/apiKey: API keys are never read/) } });
    expect(await dispatch(t.services, 'runs.start', { set, system: 'relative.json', repeats: 0 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await dispatch(t.services, 'runs.resume', { runId })).toMatchObject({ ok: true });
    expect(await dispatch(t.services, 'runs.get', { runId: 999 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await dispatch(t.services, 'judge.compare', { studyId: 999, viewerId: 1 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
