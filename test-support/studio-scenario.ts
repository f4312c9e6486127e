/**
 * A studio with a row in every table, written only through the product: the demo study (unless the services imported
 * it) and the fixtures imported with `importPath` (the one call behind `earshot import`), then labels, an undo, a
 * commit, a work queue, the blind settings, a judge mapping, a held-out split, the agreement reveal and an
 * adjudication through the contract's methods, and a DSB-DG run with its judge against the local OpenAI-protocol
 * server. Used by migration 9's test and scripts/db-snapshot.ts (docs/testing.md).
 */
import { join } from 'node:path';
import { fixture, repoRoot } from './fixtures';
import { exampleSetAt, fakeJudge, fakeSystem } from './openai-server/fixtures';
import { startFakeOpenAi } from './openai-server/server';
import { dispatch } from '../main/api/dispatch';
import { importPath } from '../main/importers/import-path';
import { startRun } from '../main/runner/runner';
import type { Services } from '../main/services/services';

/** The fixtures every importer accepts: [folder under the fixtures, format, study name]. */
const FIXTURE_IMPORTS = [
  [['tau2-voice', 'experiment'], 'tau2', 'τ-Voice experiment'],
  [['tau-elicitation'], 'tau-elicitation', 'τ-Elicitation'],
  [['vera', 'test_voice_episodes'], 'vera', 'VERA'],
] as const;

/** What the scenario made, for the tests to check. */
export interface Scenario {
  /** The demo study (generic taxonomy; DSB-DG, VERA, τ-Voice and τ-Elicitation shapes). */
  demoStudyId: number;
  /** The episode two annotators disagree on and the adjudicator decided. */
  decidedEpisodeId: number;
  annotatorIds: { ana: number; ben: number; judy: number };
  runId: number;
}

/** Calls one contract method; throws its error message when it fails. */
async function call<T>(s: Services, method: string, input: unknown): Promise<T> {
  const res = await dispatch(s, method, input);
  if (!res.ok) throw new Error(`${method}: ${res.error.message}`);
  return res.result as T;
}

/** The scenario's imports skip alignment: it plays on schema 8 (no aligned turns) and is compared with older commits. */
const NO_ALIGN = { align: false };

/** Imports the demo study (unless the services did) and the fixtures; returns the demo study's id. */
async function importAll(s: Services): Promise<number> {
  const studies = await call<{ id: number; name: string }[]>(s, 'studies.list', {});
  const demo =
    studies.find((x) => x.name === 'Demo study')?.id ??
    (await importPath(s.db, join(repoRoot, 'resources', 'demo', 'demo.jsonl'), 'generic', { now: s.clock() }, NO_ALIGN))
      .study.id;
  for (const [parts, format, studyName] of FIXTURE_IMPORTS) {
    await importPath(s.db, fixture(...parts), format, { studyName, now: s.clock() }, NO_ALIGN);
  }
  return demo;
}

/** Labels, an undo, a commit, a queue, settings, a mapping, a split, a reveal and a decision on the demo study. */
async function annotate(s: Services, studyId: number): Promise<Omit<Scenario, 'runId' | 'demoStudyId'>> {
  const person = async (name: string, role: 'annotator' | 'adjudicator') =>
    (await call<{ id: number }>(s, 'annotators.create', { name, role })).id;
  const [ana, ben, judy] = [
    await person('Ana', 'annotator'),
    await person('Ben', 'annotator'),
    await person('Judy', 'adjudicator'),
  ];
  await call(s, 'annotation.updateSettings', { studyId, hideJudgeUntilFirstLabel: true, leadId: judy, viewerId: judy });
  const episodes = await call<{ id: number }[]>(s, 'episodes.list', { studyId });
  const [first, second] = episodes.map((e) => e.id);
  const label = (episodeId: number, annotatorId: number, field: string, value: unknown) =>
    call(s, 'labels.set', { episodeId, annotatorId, field, value });
  await label(first, ana, 'source', 'agent');
  await label(first, ana, 'notes', 'read the order number back wrong');
  await label(first, ben, 'source', 'user');
  await label(second, ana, 'source', 'system');
  await call(s, 'labels.undo', { episodeId: second, annotatorId: ana });
  await label(second, ana, 'source', 'no_error');
  await call(s, 'labels.commit', { episodeId: first, annotatorId: ana });
  await call(s, 'labels.episode', { episodeId: second, annotatorId: ben, viewerId: ben });
  await call(s, 'queues.create', {
    studyId,
    name: 'first pass',
    size: 4,
    seed: 7,
    onlyFailed: false,
    stratifyBy: 'system',
    assignment: 'split',
    annotatorIds: [ana, ben],
  });
  await call(s, 'judgeMappings.save', {
    studyId,
    viewerId: judy,
    mapping: {
      key: 'source:any',
      label: 'any failure source ↔ judge fail',
      field: 'source',
      judgeId: null,
      output: 'label',
      kind: 'binary',
      judgePositive: ['fail'],
      judgeNegative: ['pass'],
      humanPositive: ['agent', 'user', 'system'],
      humanNegative: ['no_error'],
      categories: {},
    },
  });
  await call(s, 'judgeValidation.setHoldout', { studyId, viewerId: judy, split: { seed: 11, fraction: 0.3 } });
  await call(s, 'agreement.reveal', { studyId, viewerId: judy });
  await call(s, 'adjudication.decide', {
    episodeId: first,
    field: 'source',
    value: 'agent',
    rationale: 'the agent misread the digits',
    adjudicatorId: judy,
  });
  return { decidedEpisodeId: first, annotatorIds: { ana, ben, judy } };
}

/** Runs the DSB-DG mini set with a judge against a local OpenAI-protocol server started for it; returns the run id. */
async function runDsbDg(s: Services, workDir: string): Promise<number> {
  const fake = await startFakeOpenAi();
  const savedKey = process.env.OPENAI_API_KEY;
  process.env.OPENAI_API_KEY = fake.apiKey;
  try {
    const set = exampleSetAt(workDir, 'dsb-dg-mini.jsonl', fake.baseUrl);
    // One episode at a time, so the episodes and their ids come in the set's order.
    const system = fakeSystem('cascade', fake.baseUrl);
    const run = await startRun(s, { set, system, judge: fakeJudge(fake.baseUrl), concurrency: 1 });
    await run.done;
    return run.runId;
  } finally {
    if (savedKey === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = savedKey;
    await fake.close();
  }
}

/** Fills the studio behind `s` (scratch files of the run go under `workDir`). */
export async function playScenario(s: Services, workDir: string): Promise<Scenario> {
  const demoStudyId = await importAll(s);
  const people = await annotate(s, demoStudyId);
  const runId = await runDsbDg(s, workDir);
  return { demoStudyId, ...people, runId };
}
