/** A studio for calling every contract method: the demo study, an imported VERA fixture, annotators, labels, queues,
 * judge mappings and a finished run, all written through the dispatcher; jobs awaited by their progress events. */
import type { EventPayloads } from '../shared/contract';
import type { MethodInput, MethodName, MethodOutput } from '../shared/contract';
import { dispatch } from '../main/api/dispatch';
import { fixture } from './fixtures';
import { exampleSetAt, fakeSystem } from './openai-server/fixtures';
import { startFakeOpenAi, type FakeOpenAi } from './openai-server/server';
import { tempServices, type TempServices } from './temp-services';

type Progress = EventPayloads['job.progress'];

/** What the seeded studio holds, by id. */
export interface ContractStudio {
  t: TempServices;
  fake: FakeOpenAi;
  /** The demo study (10 calls with audio, judged by demo-judge) and the VERA fixture imported beside it. */
  demoStudyId: number;
  veraStudyId: number;
  /** Episode 1 of the demo study: labelled differently by Ana and Bo on `source`; its first audio asset. */
  episodeId: number;
  assetId: number;
  /** Episodes with one label of Ana's to undo, and one of Bo's to commit. */
  undoEpisodeId: number;
  commitEpisodeId: number;
  ana: number;
  bo: number;
  /** An adjudicator: may read everything in the blind demo study. */
  judy: number;
  queueId: number;
  /** A queue nobody else uses, for deleting. */
  spareQueueId: number;
  /** A study mapping of the judge's label to `source`, and one nobody else uses, for removing. */
  mappingKey: string;
  spareMappingKey: string;
  runId: number;
  /** Ana's labels exported as an exchange bundle. */
  bundle: string;
  /** The `job.progress` event that finished job `jobId` (waits for it). */
  finished(jobId: string): Promise<Progress>;
  close(): Promise<void>;
}

/** Calls `method` and returns its result; throws with the error when the call fails (for seeding). */
export async function callOk<M extends MethodName>(
  t: TempServices,
  method: M,
  input: MethodInput<M>,
): Promise<MethodOutput<M>> {
  const res = await dispatch(t.services, method, input);
  if (!res.ok) throw new Error(`${method}: ${res.error.code}: ${res.error.message}`);
  return res.result as MethodOutput<M>;
}

/** Seeds the studio; set OPENAI_API_KEY to the fake server's key for the runs (restored by `close`). */
export async function seedContractStudio(): Promise<ContractStudio> {
  const savedKey = process.env.OPENAI_API_KEY;
  const fake = await startFakeOpenAi();
  process.env.OPENAI_API_KEY = fake.apiKey;
  const t = await tempServices();
  const done = new Map<string, Progress>();
  const waiting = new Map<string, (p: Progress) => void>();
  t.services.events.subscribe((name, payload) => {
    const p = payload as Progress;
    if (name !== 'job.progress' || !p.finished) return;
    done.set(p.jobId, p);
    waiting.get(p.jobId)?.(p);
  });
  const finished = (jobId: string) =>
    new Promise<Progress>((resolve) => (done.has(jobId) ? resolve(done.get(jobId)!) : waiting.set(jobId, resolve)));
  const succeeded = async (jobId: string) => {
    const p = await finished(jobId);
    if (p.error) throw new Error(`job ${p.kind} failed: ${p.error}`);
    return p;
  };
  const call = <M extends MethodName>(method: M, input: MethodInput<M>) => callOk(t, method, input);

  const path = fixture('vera', 'test_voice_episodes', 'test.json');
  const imported = await succeeded((await call('import.start', { path, study: 'VERA fixture' })).jobId);
  const veraStudyId = (imported.result as { study: { id: number } }).study.id;
  const demo = (await call('studies.list', {})).find((s) => s.name === 'Demo study')!;
  const episodes = await call('episodes.list', { studyId: demo.id });
  const [episodeId, undoEpisodeId, commitEpisodeId] = episodes.map((e) => e.id);
  const assetId = (await call('episodes.get', { episodeId })).audio[0].id;
  const ana = (await call('annotators.create', { name: 'Ana' })).id;
  const bo = (await call('annotators.create', { name: 'Bo' })).id;
  const judy = (await call('annotators.create', { name: 'Judy', role: 'adjudicator' })).id;
  const label = (e: number, annotatorId: number, field: string, value: string) =>
    call('labels.set', { episodeId: e, annotatorId, field, value });
  await label(episodeId, ana, 'source', 'agent');
  await label(episodeId, bo, 'source', 'user');
  await label(undoEpisodeId, ana, 'severity', '2');
  await label(commitEpisodeId, bo, 'source', 'no_error');
  const queue = (name: string) =>
    call('queues.create', {
      studyId: demo.id,
      name,
      size: 4,
      seed: 1,
      onlyFailed: false,
      stratifyBy: 'none',
      assignment: 'all',
      annotatorIds: [ana, bo],
    });
  const queueId = (await queue('Both of us')).id;
  const spareQueueId = (await queue('To delete')).id;
  const mapping = (key: string) =>
    call('judgeMappings.save', {
      studyId: demo.id,
      viewerId: judy,
      mapping: {
        key,
        label: 'the judge fails a call ↔ the agent made the error',
        field: 'source',
        judgeId: null,
        output: 'label',
        kind: 'binary',
        judgePositive: ['fail'],
        judgeNegative: ['pass'],
        humanPositive: ['agent'],
        humanNegative: ['user', 'system', 'no_error'],
        categories: {},
      },
    });
  await mapping('source:agent');
  await mapping('spare');
  const set = exampleSetAt(t.dir, 'generic-mini.jsonl', fake.baseUrl);
  const run = await call('runs.start', { set, system: fakeSystem('text', fake.baseUrl) });
  await succeeded(run.jobId);
  const bundle = (await call('exchange.export', { studyId: demo.id, annotatorId: ana, viewerId: ana })).content;

  return {
    t,
    fake,
    demoStudyId: demo.id,
    veraStudyId,
    episodeId,
    assetId,
    undoEpisodeId,
    commitEpisodeId,
    ana,
    bo,
    judy,
    queueId,
    spareQueueId,
    mappingKey: 'source:agent',
    spareMappingKey: 'spare',
    runId: run.runId,
    bundle,
    finished,
    async close() {
      // An unset key stays unset (assigning undefined to process.env would store the string "undefined").
      if (savedKey === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = savedKey;
      await fake.close();
      t.cleanup();
    },
  };
}
