/** Judging through the local server with the real `openai` client: VERA grades and failure categories, DSB-DG, votes, re-judging, judge vs humans. */
import { setMaxListeners } from 'node:events';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test-support/fixtures';
import { fakeJudge } from '../../test-support/openai-server/fixtures';
import { makeBrain, type Brain } from '../../test-support/openai-server/brain';
import type { FakeOpenAi } from '../../test-support/openai-server/server';
import { useFakeOpenAiStudio } from '../../test-support/openai-studio';
import type { TempServices } from '../../test-support/temp-services';
import { listJudgements, listEpisodes } from '../db/episodes';
import { readVera } from '../importers/vera/read-vera';
import { writeBatch } from '../importers/write-batch';
import { parseConfig } from '../llm/config';
import { judgeConfig } from './config';
import { compareJudges } from './compare';
import type { JudgeEpisode } from './episode-input';
import { Judge } from './judge';
import { judgeStudy } from './judge-study';
import { saveJudgement } from '../db/judge-outputs';
import { labelledEpisodeIds } from '../annotation/ratings';
import { compareJudgesOnLabelled, isHeldOut, setHoldout } from '../annotation/judge-comparison';
import { makeAnnotators } from '../../test-support/annotation-study';
import { setLabel } from '../annotation/labels';
import { importStudy, writeJsonl } from '../../test-support/import-study';

let brain: Brain = makeBrain();
const env = useFakeOpenAiStudio({ brain: (m) => brain(m) });
let fake: FakeOpenAi;
let t: TempServices;
const signal = new AbortController().signal;
setMaxListeners(100, signal);
beforeAll(() => void ({ fake, t } = env));

const judge = (extra: Record<string, unknown> = {}) => new Judge(parseConfig(judgeConfig, fakeJudge(fake.baseUrl, extra), 'test'));
const vera = (answer: string): JudgeEpisode => ({
  benchmark: 'vera',
  condition: { track: 'mathematical_reasoning' },
  info: { expectedAnswer: '117' },
  turns: [
    { speaker: 'user', text: 'How many ordered pairs satisfy the equation?', startMs: 0, endMs: 900 },
    { speaker: 'agent', text: answer, startMs: 1000, endMs: 2000 },
  ],
});

describe('VERA grading', () => {
  it('grades CORRECT / INCORRECT / NOT_ATTEMPTED by majority and classifies failures', async () => {
    const j = judge();
    const correct = await j.judge(vera('There are 117 ordered pairs.'), signal);
    expect(correct).toMatchObject({ outcome: 'correct', reward: 1, judgement: { label: 'CORRECT', votes: ['CORRECT', 'CORRECT', 'CORRECT'], confidence: 1, categories: [] } });
    const wrong = await j.judge(vera('I think there are 42.'), signal);
    expect(wrong.judgement).toMatchObject({ label: 'INCORRECT', categories: ['COMPUTATION_ERROR'], judgeId: 'fake-judge' });
    expect(wrong.judgement.rationale).toMatch(/^Grader votes INCORRECT×3 → INCORRECT\. fake classifier: COMPUTATION_ERROR$/);
    const declined = await j.judge(vera("I don't know."), signal);
    expect(declined.judgement).toMatchObject({ label: 'NOT_ATTEMPTED', categories: ['NOT_ATTEMPTED'] });
  });

  it('keeps the majority of split votes, reads unreadable replies as INCORRECT, maps unknown categories to OTHER', async () => {
    const replies = ['A', 'A', 'B', 'Sure! The answer is correct.', '{"categories": ["MADE_UP", "COMPUTATION_ERROR"], "rationale": "slip"}'];
    let i = 0;
    brain = () => replies[i++ % replies.length];
    const three = await judge().judge(vera('117'), signal);
    expect(three.judgement.label).toBe('CORRECT');
    expect(three.judgement.confidence).toBeCloseTo(2 / 3);
    expect([...three.judgement.votes!].sort()).toEqual(['CORRECT', 'CORRECT', 'INCORRECT']);
    i = 2;
    brain = (m) => (m.some((x) => x.content.includes('"categories"')) ? replies[4] : replies[2 + (i++ % 2)]);
    const failed = await judge({ votes: 2 }).judge(vera('40'), signal);
    expect(failed.judgement.label).toBe('INCORRECT');
    expect(failed.judgement.rationale).toMatch(/1 unreadable reply counted INCORRECT/);
    expect(failed.judgement.categories).toEqual(['COMPUTATION_ERROR', 'OTHER']);
    brain = makeBrain();
  });

  it('skips an episode without a reference answer', async () => {
    await expect(judge().judge({ ...vera('117'), info: {} }, signal)).rejects.toThrow(/no reference answer/);
  });
});

describe('DSB-DG grounding', () => {
  const doc = { documents: [{ text: 'The gym opens at six. Members may bring one guest per visit.' }] };
  const single = (answer: string, reference: string | null): JudgeEpisode => ({
    benchmark: 'dsb-dg',
    condition: { tier: 'T1' },
    info: { ...doc, reference, answerable: reference !== null },
    turns: [
      { speaker: 'user', text: 'question', startMs: 0, endMs: 500 },
      { speaker: 'agent', text: answer, startMs: 700, endMs: 1500 },
    ],
  });

  it('labels correct answers, hallucinations and abstentions, with a finding on the answer', async () => {
    const j = judge();
    expect((await j.judge(single('The gym opens at six.', 'At six.'), signal)).judgement).toMatchObject({ label: 'grounded', rewardBreakdown: { accuracy: 1, hallucination_rate: 0 } });
    const made = await j.judge(single('Five in the morning.', 'At six.'), signal);
    expect(made.judgement).toMatchObject({ label: 'intrinsic_hallucination', categories: ['intrinsic_hallucination'] });
    expect(made.judgement.findings![0]).toMatchObject({ startMs: 700, endMs: 1500, category: 'intrinsic_hallucination' });
    expect((await j.judge(single("I don't know; the document does not say.", null), signal)).judgement).toMatchObject({ label: 'correct_abstention', rewardBreakdown: { refusal_on_unanswerable: 1 } });
    expect((await j.judge(single('Parking is free.', null), signal)).judgement).toMatchObject({ label: 'extrinsic_hallucination', categories: ['extrinsic_hallucination'] });
    expect((await j.judge(single("I don't know.", 'At six.'), signal)).judgement.label).toBe('abstention');
    expect((await j.judge(single('Noon, I think.', 'At six.'), signal)).judgement.label).toBe('intrinsic_hallucination');
  });
});

describe('DSB-DG labels of wrong answers without hallucination', () => {
  it('says false_confidence when confident, fail when hedged', async () => {
    for (const [confident, label] of [[true, 'false_confidence'], [false, 'fail']] as const) {
      brain = () => JSON.stringify({ verdict: 'incorrect', hallucination: 'none', confident, rationale: 'r' });
      const v = await judge().judge({ benchmark: 'dsb-dg', condition: {}, info: { reference: 'Six.', documents: [{ text: 'Opens at six.' }] }, turns: [{ speaker: 'user', text: 'When?', startMs: null, endMs: null }, { speaker: 'agent', text: 'Seven.', startMs: null, endMs: null }] }, signal);
      expect([v.judgement.label, v.info]).toEqual([label, { confident }]);
    }
    brain = makeBrain();
  });
});

describe('re-judging a study and comparing judges with humans', () => {
  it('re-judges an imported VERA study with another judge; judging again with the same judge replaces its judgements', async () => {
    const summary = await writeBatch(t.services.db, await readVera(fixture('vera', 'test_voice_episodes')), { now: new Date('2026-01-01T00:00:00Z') });
    const studyId = summary.study.id;
    const ctx = { signal, progress: () => undefined };
    const first = await judgeStudy(t.services, studyId, parseConfig(judgeConfig, fakeJudge(fake.baseUrl, { id: 'judge-a', votes: 1 }), 't'), ctx);
    expect(first).toMatchObject({ judged: 5, skipped: [], failed: [], labels: { INCORRECT: 5 } });
    await judgeStudy(t.services, studyId, parseConfig(judgeConfig, fakeJudge(fake.baseUrl, { id: 'judge-b', votes: 3 }), 't'), ctx);
    await judgeStudy(t.services, studyId, parseConfig(judgeConfig, fakeJudge(fake.baseUrl, { id: 'judge-a', votes: 1 }), 't'), ctx);
    for (const e of listEpisodes(t.services.db, studyId)) {
      expect(listJudgements(t.services.db, e.id).map((j) => j.judgeId)).toEqual(['judge-b', 'judge-a']);
      expect(e.judgeLabel).toBe('INCORRECT');
    }
  });

  it('re-judges exactly the labelled items with a new judge and compares both judges on them, held-out and tuning apart', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const summary = await writeBatch(t.services.db, await readVera(fixture('vera', 'test_voice_episodes')), { studyName: 'labelled set', now });
    const studyId = summary.study.id;
    const db = t.services.db;
    const ctx = { signal, progress: () => undefined };
    await judgeStudy(t.services, studyId, parseConfig(judgeConfig, fakeJudge(fake.baseUrl, { id: 'prompt-v1', votes: 1 }), 't'), ctx);
    const [a, b, lead] = makeAnnotators(db, ['Ann', 'Bo'], 'Lee');
    const episodes = listEpisodes(db, studyId).slice(0, 3);
    for (const [k, e] of episodes.entries()) {
      setLabel(db, { episodeId: e.id, annotatorId: a, field: 'grade', value: 'INCORRECT' }, now);
      setLabel(db, { episodeId: e.id, annotatorId: b, field: 'grade', value: k === 0 ? 'CORRECT' : 'INCORRECT' }, now);
    }
    const only = labelledEpisodeIds(db, studyId, 'grade');
    expect(only.size).toBe(3);
    const second = await judgeStudy(t.services, studyId, parseConfig(judgeConfig, fakeJudge(fake.baseUrl, { id: 'prompt-v2', votes: 1 }), 't'), ctx, only);
    expect(second.judged).toBe(3);
    const unlabelled = listEpisodes(db, studyId).slice(3);
    for (const e of unlabelled) expect(listJudgements(db, e.id).map((j) => j.judgeId)).toEqual(['prompt-v1']);
    const request = { studyId, field: 'grade', mappingKey: 'grade:correct', resamples: 200 };
    const cmp = compareJudgesOnLabelled(db, { ...request, baseline: { judgeId: 'prompt-v1', judgeVersion: second.judgeVersion }, candidate: { judgeId: 'prompt-v2', judgeVersion: second.judgeVersion } });
    expect(cmp.parts.map((p) => [p.part, p.items])).toEqual([['all', 3]]);
    expect(cmp.missing).toEqual({ baseline: 0, candidate: 0 });
    // Both prompts say INCORRECT everywhere: A agrees on 3 of 3, B on 2 of 3, and the paired difference is exactly 0.
    expect(cmp.parts[0].baseline.find((c) => c.reference === 'Ann')!.figures!.percentAgreement.estimate).toBe(1);
    expect(cmp.parts[0].candidate.find((c) => c.reference === 'Bo')!.figures!.percentAgreement.estimate).toBeCloseTo(2 / 3, 12);
    expect(cmp.parts[0].differences.find((d) => d.reference === 'Bo')!.percentAgreement).toEqual({ estimate: 0, low: 0, high: 0 });
    expect(() => setHoldout(db, studyId, a, { seed: 9, fraction: 0.5 })).toThrow(/only the study lead or an adjudicator/i);
    setHoldout(db, studyId, lead, { seed: 9, fraction: 0.5 });
    const split = compareJudgesOnLabelled(db, { ...request, baseline: cmp.baseline, candidate: cmp.candidate });
    const heldOut = episodes.filter((e) => isHeldOut(9, 0.5, e.externalId)).length;
    expect(split.split).toEqual({ seed: 9, fraction: 0.5, heldOut, tuning: 3 - heldOut });
    expect(split.parts.map((p) => [p.part, p.items])).toEqual([['all', 3], ['held_out', heldOut], ['tuning', 3 - heldOut]]);
  });

  it('computes agreement and Cohen’s κ of each judge with each annotator and with the majority (hand-checked values)', async () => {
    const db = t.services.db;
    const now = new Date('2026-01-01T00:00:00Z');
    // The study arrives as a generic JSONL with its annotators' labels, through the import writer.
    const [C, I] = ['CORRECT', 'INCORRECT'];
    const ann1 = [C, C, I, C, C];
    const ann2 = [C, I, I, I];
    const lines = [
      { schema: 'earshot-study-v1', name: 'κ study', benchmark: 'vera' },
      ...['e1', 'e2', 'e3', 'e4', 'e5'].map((id, k) => ({
        schema: 'earshot-episode-v1',
        id,
        turns: [],
        annotations: [
          { annotator: 'ann1', field: 'verdict', value: ann1[k] },
          ...(k < ann2.length ? [{ annotator: 'ann2', field: 'verdict', value: ann2[k] }] : []),
          ...(k === 0 ? [{ annotator: 'ann3', field: 'judge_label', value: I }] : []),
          ...(k === 1 ? [{ annotator: 'ann3', field: 'judge_agree', value: true }] : []),
        ],
      })),
    ];
    const studyId = await importStudy(t.services, writeJsonl(t.dir, 'kappa.jsonl', lines), 'κ study');
    const ids = listEpisodes(db, studyId).map((e) => e.id);
    [C, C, I, I, C].forEach((label, k) => saveJudgement(db, ids[k], { judgeId: 'X', judgeVersion: 'v1', label }, now));
    const cmp = compareJudges(db, studyId);
    expect(cmp.annotators).toEqual(['ann1', 'ann2', 'ann3']);
    const [x] = cmp.judges;
    expect(x.perAnnotator[0]).toMatchObject({ annotator: 'ann1', n: 5, agreement: 0.8 });
    expect(x.perAnnotator[0].kappa).toBeCloseTo(0.24 / 0.44, 12);
    expect(x.perAnnotator[1]).toMatchObject({ annotator: 'ann2', n: 4, agreement: 0.75, kappa: 0.5 });
    expect(x.perAnnotator[2]).toMatchObject({ annotator: 'ann3', n: 2, agreement: 0.5 });
    expect(x.majority).toMatchObject({ n: 4, agreement: 1, kappa: 1 });
  });
});
