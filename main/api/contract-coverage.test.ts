/** Every contract method through the dispatcher both doors use: invalid inputs answer invalid_input (never internal),
 * and one valid input per method, on a seeded studio, answers ok or the domain error it names. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { methods, type ErrorCode, type MethodInput, type MethodName } from '../../shared/contract';
import { fixture } from '../../test-support/fixtures';
import { exampleSetAt, fakeJudge, fakeSystem } from '../../test-support/openai-server/fixtures';
import { seedContractStudio, type ContractStudio } from '../../test-support/contract-studio';
import { dispatch } from './dispatch';

/** One valid call: its input on the seeded studio, and what it must answer (ok unless a domain error is named). */
interface ValidCall<M extends MethodName> {
  input(s: ContractStudio): MethodInput<M>;
  answer?: ErrorCode;
  /** The result carries a job id: the job must also finish without an error. */
  job?: true;
}

const judge = { judgeId: 'demo-judge', judgeVersion: '1' };

/** One valid input per method; typed so that a method missing here is also a compile error. */
const VALID: { [M in MethodName]: ValidCall<M> } = {
  'app.info': { input: () => ({}) },
  'studies.list': { input: () => ({}) },
  'episodes.list': { input: (s) => ({ studyId: s.demoStudyId }) },
  'episodes.query': { input: (s) => ({ studyId: s.demoStudyId, search: 'order', offset: 0, limit: 5 }) },
  'episodes.facets': { input: (s) => ({ studyId: s.demoStudyId, annotatorId: s.ana }) },
  'episodes.get': { input: (s) => ({ episodeId: s.episodeId, annotatorId: s.ana }) },
  'episodes.progress': { input: (s) => ({ studyId: s.demoStudyId, annotatorId: s.ana, episodeIds: [s.episodeId] }) },
  'casebook.list': { input: (s) => ({ studyId: s.demoStudyId, viewerId: s.ana }) },
  'casebook.add': { input: (s) => ({ episodeId: s.episodeId, annotatorId: s.ana, category: 'late reply', note: '', startMs: 500 }) },
  // No case has this id: answered not_found (removal and export are in main/annotation/casebook.test.ts).
  'casebook.remove': { input: (s) => ({ caseId: 999_999, viewerId: s.ana }), answer: 'not_found' },
  'casebook.exportHtml': { input: (s) => ({ caseId: 999_999, viewerId: s.ana }), answer: 'not_found' },
  // The demo's turns have times from the data: refused (aligning untimed calls is in main/align/align-episodes.test.ts).
  'episodes.align': { input: (s) => ({ episodeId: s.episodeId, aggressiveness: 2 }), answer: 'conflict' },
  'episodes.nextUnlabelled': { input: (s) => ({ query: { studyId: s.demoStudyId }, annotatorId: s.ana }) },
  'audio.peaks': { input: (s) => ({ assetId: s.assetId }) },
  'episodes.peaks': { input: (s) => ({ episodeId: s.episodeId, maxBuckets: 64 }) },
  'episodes.firstAudio': { input: (s) => ({ episodeIds: [s.episodeId] }) },
  'audio.spectrogram': { input: (s) => ({ assetId: s.assetId, channel: 0, startMs: 0, endMs: 2000, columns: 64 }) },
  // A job id no job has: answered { cancelled: false } (cancelling a running import is in import-handlers.test.ts).
  'jobs.cancel': { input: () => ({ jobId: randomUUID() }) },
  'files.list': { input: () => ({ path: fixture('vera') }) },
  'import.start': { input: () => ({ path: fixture('vera', 'test_voice_episodes', 'test.json') }), job: true },
  'annotators.list': { input: () => ({}) },
  'annotators.create': { input: () => ({ name: 'Cy', initials: 'cy' }) },
  'annotators.update': { input: (s) => ({ id: s.bo, initials: 'BB' }) },
  'taxonomies.builtin': { input: () => ({}) },
  'annotation.settings': { input: (s) => ({ studyId: s.demoStudyId }) },
  'annotation.updateSettings': { input: (s) => ({ studyId: s.veraStudyId, hideJudgeUntilCommit: true }) },
  'annotation.setTaxonomy': { input: (s) => ({ studyId: s.veraStudyId, taxonomy: null }) },
  'labels.episode': { input: (s) => ({ episodeId: s.episodeId, annotatorId: s.ana, viewerId: s.ana }) },
  'labels.set': { input: (s) => ({ episodeId: s.episodeId, annotatorId: s.judy, field: 'severity', value: '1' }) },
  'labels.undo': { input: (s) => ({ episodeId: s.undoEpisodeId, annotatorId: s.ana }) },
  'labels.commit': { input: (s) => ({ episodeId: s.commitEpisodeId, annotatorId: s.bo }) },
  'labels.history': { input: (s) => ({ episodeId: s.episodeId, annotatorId: s.ana, viewerId: s.judy }) },
  'queues.create': {
    input: (s) => ({
      studyId: s.demoStudyId,
      name: 'Split',
      size: 4,
      seed: 7,
      onlyFailed: true,
      stratifyBy: 'system',
      assignment: 'split',
      annotatorIds: [s.ana, s.bo],
    }),
  },
  'queues.list': { input: (s) => ({ studyId: s.demoStudyId }) },
  'queues.items': { input: (s) => ({ queueId: s.queueId, annotatorId: s.bo, viewerId: s.bo }) },
  'queues.delete': { input: (s) => ({ queueId: s.spareQueueId }) },
  'adjudication.queue': { input: (s) => ({ studyId: s.demoStudyId, field: 'source', adjudicatorId: s.judy }) },
  'adjudication.decide': {
    input: (s) => ({
      episodeId: s.episodeId,
      field: 'source',
      value: 'agent',
      rationale: 'heard',
      adjudicatorId: s.judy,
    }),
  },
  'adjudication.summary': { input: (s) => ({ studyId: s.demoStudyId }) },
  'adjudication.item': { input: (s) => ({ episodeId: s.episodeId, field: 'source', adjudicatorId: s.judy }) },
  'agreement.fields': { input: (s) => ({ studyId: s.demoStudyId }) },
  'agreement.compute': {
    input: (s) => ({ studyId: s.demoStudyId, viewerId: s.judy, field: 'source', resamples: 200 }),
  },
  'agreement.report': {
    input: (s) => ({ studyId: s.demoStudyId, viewerId: s.judy, fields: ['source'], format: 'markdown', seed: 1 }),
  },
  'agreement.access': { input: (s) => ({ studyId: s.demoStudyId, viewerId: s.ana }) },
  'agreement.reveal': { input: (s) => ({ studyId: s.veraStudyId, viewerId: s.judy }) },
  'exchange.export': { input: (s) => ({ studyId: s.demoStudyId, annotatorId: s.bo, viewerId: s.bo }) },
  'annotations.export': { input: (s) => ({ episodeId: s.episodeId, format: 'textgrid', viewerId: s.ana }) },
  'annotations.import': {
    input: (s) => ({ episodeId: s.episodeId, annotatorId: s.ana, fileName: 'r.txt', content: '1\t2\tregion\n' }),
  },
  'exchange.import': { input: (s) => ({ content: s.bundle, studyId: s.demoStudyId, onConflict: 'keep' }) },
  'exchange.validationCsv': { input: (s) => ({ studyId: s.demoStudyId, viewerId: s.judy, raterIds: [s.ana, s.bo] }) },
  'metrics.study': { input: (s) => ({ studyId: s.demoStudyId, options: { resamples: 200, seed: 1 } }) },
  'metrics.start': { input: (s) => ({ studyId: s.demoStudyId, options: { resamples: 200, seed: 1 } }), job: true },
  'metrics.plan': { input: (s) => ({ studyId: s.demoStudyId, figure: 'verdict:failure', width: 0.2 }) },
  'runs.list': { input: () => ({}) },
  'runs.get': { input: (s) => ({ runId: s.runId }) },
  'runs.examples': { input: () => ({}) },
  // Runs and judging go to the local OpenAI-protocol server the studio was seeded with (a text system, two items).
  'runs.start': {
    input: (s) => ({
      set: exampleSetAt(s.t.dir, 'generic-mini.jsonl', s.fake.baseUrl),
      system: fakeSystem('text', s.fake.baseUrl),
    }),
    job: true,
  },
  'runs.resume': { input: (s) => ({ runId: s.runId }), job: true },
  'judge.start': { input: (s) => ({ studyId: s.veraStudyId, judge: fakeJudge(s.fake.baseUrl) }), job: true },
  'judge.compare': { input: (s) => ({ studyId: s.demoStudyId, viewerId: s.judy, field: 'source' }) },
  'keys.status': { input: () => ({ env: 'OPENAI_API_KEY' }) },
  // The web door stores no keys (only the desktop app's safeStorage does): a valid input answered conflict.
  'keys.store': { input: () => ({ env: 'EARSHOT_TEST_KEY', value: 'sk-not-stored' }), answer: 'conflict' },
  'judgeMappings.list': { input: (s) => ({ studyId: s.demoStudyId }) },
  'judgeMappings.save': {
    input: (s) => ({
      studyId: s.demoStudyId,
      viewerId: s.judy,
      mapping: {
        key: 'severity>=2',
        label: 'the judge fails a call ↔ severity 2 or more',
        field: 'severity',
        judgeId: 'demo-judge',
        output: 'label',
        kind: 'binary',
        judgePositive: ['fail'],
        judgeNegative: ['pass'],
        humanPositive: ['2', '3'],
        humanNegative: ['0', '1'],
        categories: {},
      },
    }),
  },
  'judgeMappings.remove': { input: (s) => ({ studyId: s.demoStudyId, viewerId: s.judy, key: s.spareMappingKey }) },
  'judgeValidation.disagreements': {
    input: (s) => ({ studyId: s.demoStudyId, field: 'source', mappingKey: s.mappingKey, viewerId: s.judy }),
  },
  'judgeValidation.setHoldout': {
    input: (s) => ({ studyId: s.demoStudyId, viewerId: s.judy, split: { seed: 3, fraction: 0.3 } }),
  },
  'judgeValidation.compareJudges': {
    input: (s) => ({
      studyId: s.demoStudyId,
      field: 'source',
      mappingKey: s.mappingKey,
      viewerId: s.judy,
      baseline: judge,
      candidate: judge,
      resamples: 200,
    }),
  },
};

const NAMES = Object.keys(methods) as MethodName[];

/** A value of another type than `value`'s, which no schema accepting `value` takes for the same field. */
function wrongType(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return 12345;
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return 'not a list';
  return 42; // an object or null
}

/** The keys a method's input must have (its schema refuses the input without them). */
function requiredKeys(name: MethodName): string[] {
  const shape = (methods[name].input as unknown as z.ZodObject).shape;
  return Object.keys(shape).filter((key) => !shape[key].safeParse(undefined).success);
}

/** Invalid inputs derived from the valid one: not an object, an unknown field, each field of the wrong type, each
 * required field missing, and null when a field is required. */
function invalidInputs(name: MethodName, valid: Record<string, unknown>): [string, unknown][] {
  const required = requiredKeys(name);
  return [
    ['a string instead of an object', 'not an object'],
    ['an unknown field', { ...valid, unexpected: true }],
    ...Object.keys(valid).map((key): [string, unknown] => [
      `${key} of the wrong type`,
      { ...valid, [key]: wrongType(valid[key]) },
    ]),
    ...required.map((key): [string, unknown] => [
      `${key} missing`,
      Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key)),
    ]),
    ...(required.length > 0 ? [['null', null] as [string, unknown]] : []),
  ];
}

let s: ContractStudio;
beforeAll(async () => {
  s = await seedContractStudio();
}, 120_000);
afterAll(() => s?.close());

describe('the valid-input table', () => {
  it('has one valid input for every method of the contract, and none for a method it does not declare', () => {
    expect(NAMES.filter((name) => !(name in VALID))).toEqual([]);
    expect(Object.keys(VALID).filter((name) => !(name in methods))).toEqual([]);
  });
});

describe.each(NAMES)('%s', (name) => {
  it('refuses invalid inputs with invalid_input, never reaching a failure inside', async () => {
    const valid = VALID[name]?.input(s) as Record<string, unknown> | undefined;
    if (!valid) throw new Error(`${name} has no valid input in the table`);
    for (const [what, input] of invalidInputs(name, valid)) {
      const res = await dispatch(s.t.services, name, input);
      expect({ what, res }).toMatchObject({ what, res: { ok: false, error: { code: 'invalid_input' } } });
    }
  });

  it('answers a valid input', async () => {
    const call = VALID[name] as ValidCall<MethodName> | undefined;
    if (!call) throw new Error(`${name} has no valid input in the table`);
    const res = await dispatch(s.t.services, name, call.input(s));
    if (call.answer) {
      expect(res).toMatchObject({ ok: false, error: { code: call.answer } });
      return;
    }
    expect(res).toMatchObject({ ok: true });
    if (call.job && res.ok) {
      const progress = await s.finished((res.result as { jobId: string }).jobId);
      expect(progress).toMatchObject({ finished: true, error: null });
    }
  });
});
