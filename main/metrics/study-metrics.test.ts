/** The assembled τ-Elicitation tables of the real reproduction archive, imported into a temp database, against published and independent values. */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { fixture } from '../../test-support/fixtures';
import { TAU_ELICITATION, TAU_VALIDATION } from '../../test-support/fixture-counts';
import { clusterBootstrap, isSuccess } from '../stats/benchmarks/index';
import { studyMetrics } from './study-metrics';
import { importStudy, writeJsonl } from '../../test-support/import-study';
import { createAnnotator } from '../annotation/annotators';
import { decide } from '../annotation/adjudication';
import { saveJudgement } from '../db/judge-outputs';
import type { StudyMetrics, TauSection } from '../../shared/types/metrics';

const B = 2000;
const now = new Date('2026-01-02T03:04:05Z');
let t: TempServices;
let studyId: number;
let m: StudyMetrics;
let tau: TauSection;
// Counts of the archive: scripts/recount/tau-elicitation.mjs (TAU_ELICITATION) and tau-validation.mjs (TAU_VALIDATION).
const { passes, effort, subsets, tasksPerCell: tasks } = TAU_ELICITATION;
const capture = TAU_ELICITATION.regular.capture;
const transcriptCalls = 3 * tasks;
const gemini = (env: string) => tau.success.find((r) => r.system === 'gemini_high' && r.condition.environment === env && r.condition.strategy === 'agent_directed')!;

beforeAll(async () => {
  t = await tempServices({ demo: false });
  studyId = await importStudy(t.services, fixture('tau-elicitation'), 'τ-Elicitation');
  m = studyMetrics(t.services.db, studyId, { resamples: B });
  tau = m.tau[0];
});
afterAll(() => t.cleanup());

/** The raw transcripts, read without the importer, in the order the importer reads them (file names sorted). */
function rawCalls(): { task: string; env: string; reward: number }[] {
  const dir = fixture('tau-elicitation', 'transcripts');
  const env: Record<string, string> = { regular: 'regular', chanheavy: 'noise_heavy', speechheavy: 'speech_heavy' };
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const token = /gemini_high_(\w+?)_2026/.exec(name)![1];
      return readFileSync(`${dir}/${name}`, 'utf8').split('\n').filter(Boolean).map((line) => {
        const row = JSON.parse(line) as { task_id: string; reward: number };
        return { task: row.task_id, env: env[token], reward: row.reward };
      });
    });
}

describe('τ-Elicitation archive → database → metrics.study', () => {
  it('orders cells by system, strategy, then environment in paper order', () => {
    expect(tau.success.slice(0, 3).map((r) => r.condition.environment)).toEqual(['regular', 'noise_heavy', 'speech_heavy']);
    expect(tau.capture.slice(0, 3).map((r) => r.condition.environment)).toEqual(['regular', 'noise_heavy', 'speech_heavy']);
  });

  it('finds one τ-Elicitation section over all 705 episodes, 600 of them in results cells', () => {
    expect(m.families).toEqual([{ family: 'tau-elicitation', episodes: TAU_ELICITATION.episodes }]);
    expect(tau.episodes).toBe(transcriptCalls);
    expect(m.tau.map((s) => s.benchmark)).toEqual(['tau-elicitation']);
    expect(m.vera).toBeNull();
    expect(m.dsbDg).toBeNull();
    expect(m.interaction).toBeNull();
  });

  it('Pass@1 per environment is 103/200, 74/200, 89/200 (results/manifest.csv)', () => {
    expect([gemini('regular'), gemini('noise_heavy'), gemini('speech_heavy')].map((r) => [r.success.numerator, r.success.denominator])).toEqual([
      [passes.regular, tasks],
      [passes.noise_heavy, tasks],
      [passes.speech_heavy, tasks],
    ]);
    // The 100 judge-validation calls have no transcript here and the five examples read on their own are single
    // calls: subsets of their own (70 of 100 with reward 1), in no system table.
    expect(tau.subsets.map((s) => [s.subset, s.episodes, s.success.numerator, s.success.denominator])).toEqual([
      ['example', subsets.examples, subsets.examplePasses, subsets.examples],
      ['validation', subsets.validation, subsets.validationPasses, subsets.validation],
    ]);
    expect(tau.success.map((r) => r.system)).toEqual(['gemini_high', 'gemini_high', 'gemini_high']);
    const note = `${subsets.examples + subsets.validation} episode(s) of subsets (example ${subsets.examples}, validation ${subsets.validation})`;
    expect(m.notes.some((n) => n.includes(note))).toBe(true);
  });

  it('Pass^3 across the three environments is 27/200 = 0.135 (paper: .135 for Gemini high)', () => {
    const row = tau.crossEnvironment.find((r) => r.system === 'gemini_high' && r.condition.strategy === 'agent_directed')!;
    expect(row.passAll).toEqual({ numerator: TAU_ELICITATION.passAllThree, denominator: tasks, value: 0.135 });
    expect(row.incomplete).toEqual([]);
    expect(row.interval.estimate).toBe(0.135);
  });

  it('success intervals equal a task-clustered bootstrap computed on the raw transcripts', () => {
    const raw = rawCalls().filter((c) => c.env === 'regular');
    const direct = clusterBootstrap(raw, (c) => c.task, (rows) => rows.filter((r) => isSuccess(r.reward)).length / rows.length, { resamples: B, seed: 1 });
    expect(gemini('regular').interval).toEqual(direct);
    expect(direct.low! < 0.515 && 0.515 < direct.high!).toBe(true);
  });

  it('the Pass^3 interval equals a bootstrap over tasks of “passed in all three”', () => {
    const byTask = new Map<string, number[]>();
    for (const c of rawCalls()) byTask.set(c.task, [...(byTask.get(c.task) ?? []), c.reward]);
    const perTask = [...byTask].map(([task, rewards]) => ({ task, ok: rewards.every((r) => r === 1) }));
    const direct = clusterBootstrap(perTask, (x) => x.task, (rows) => rows.filter((r) => r.ok).length / rows.length, { resamples: B, seed: 1 });
    const row = tau.crossEnvironment.find((r) => r.system === 'gemini_high' && r.condition.strategy === 'agent_directed')!;
    expect(row.interval).toEqual(direct);
  });

  it('pass^k runs to k = 1 (one trial per task) and equals the success rate there', () => {
    expect(tau.passHatK.maxK).toBe(1);
    const regular = tau.passHatK.rows.find((r) => r.system === 'gemini_high' && r.condition.environment === 'regular' && r.condition.strategy === 'agent_directed')!;
    expect(regular.value).toBeCloseTo(0.515, 12);
    expect(regular.tasks).toBe(tasks);
  });

  it('has no pairwise comparison: the results cells hold one system (the examples of others are a subset)', () => {
    expect(tau.pairwise).toEqual([]);
  });

  it('first-capture vs final-value accuracy of the regular cell: 48/199 and 83/199 (published “129/199 wrong first”)', () => {
    const cell = tau.capture.find((c) => c.system === 'gemini_high' && c.condition.environment === 'regular' && c.condition.strategy === 'agent_directed')!;
    expect(cell.calls).toBe(tasks);
    const { fields, firstMissing, repaired, regressed } = capture;
    expect(cell.accuracy).toMatchObject({ fields, firstMissing, repaired, regressed });
    const { first, final } = cell.accuracy;
    expect([first.numerator, final.numerator]).toEqual([capture.firstRight, capture.finalRight]);
    const verified = cell.repair.verifiedGivenFirstWrong;
    expect([verified.numerator, verified.denominator]).toEqual([capture.verifiedFirstWrong, capture.firstWrong]);
    expect(cell.repair.repairedGivenVerified.value).toBeCloseTo(0.373, 3);
    expect(cell.repair.repairedGivenUnverified.value).toBeCloseTo(0.109, 3);
    expect(cell.finalInterval.estimate).toBeCloseTo(capture.finalRight / capture.fields, 12);
  });

  it('verification effort by environment (paper order): 56 + 163, 42 + 138, 44 + 168 (read-backs .815 per regular call, published)', () => {
    const rows = tau.verification.byEnvironment.filter((r) => r.system === 'gemini_high' && r.condition.strategy === 'agent_directed');
    const environments = ['regular', 'noise_heavy', 'speech_heavy'] as const;
    expect(rows.map((r) => [r.group, r.calls, r.spellRequests, r.readBacks])).toEqual(
      environments.map((env) => [env, effort[env].calls, effort[env].spellRequests, effort[env].readBacks]),
    );
    expect(rows[0].meanPerCall).toBeCloseTo((effort.regular.spellRequests + effort.regular.readBacks) / tasks, 12);
    const difficulty = tau.verification.byDifficulty.filter((r) => r.system === 'gemini_high' && r.condition.strategy === 'agent_directed');
    expect(difficulty.reduce((n, r) => n + r.calls, 0)).toBe(transcriptCalls);
    expect(tau.verification.byEntityType.some((r) => r.group === 'person_names')).toBe(true);
  });
});

describe('human-label views of the archive’s two raters', () => {
  // Recounted from judge_validation/validation.csv (call rows, columns human_error_*_a/b) by
  // scripts/recount/tau-validation.mjs; each view is listed in the product's order (count, descending).
  const counted = (labels: Readonly<Record<string, number>>) => Object.entries(labels);
  it('per annotator: A no_error 68 / agent 32; B no_error 66 / agent 33 / user 1', () => {
    const view = (name: string) => m.labels.failures.find((f) => f.view === name)!.rows[0];
    expect(m.labels.sourceField).toBe('error_source');
    expect(m.labels.subtypeField).toBe('error_subtype');
    expect(view('A').sources.map((s) => [s.label, s.count])).toEqual(counted(TAU_VALIDATION.sources.A));
    expect(view('B').sources.map((s) => [s.label, s.count])).toEqual(counted(TAU_VALIDATION.sources.B));
    expect(view('A').subtypes.map((s) => [s.label, s.count])).toEqual(counted(TAU_VALIDATION.subtypesA));
  });

  it('resolved: common label, else disputed (no adjudication yet): 66 / 31 / 3 disputed; 7 calls disputed in some field', () => {
    const resolved = m.labels.failures[0];
    expect(resolved.view).toBe('resolved');
    const { sources, subtypes, callsDisputed } = TAU_VALIDATION.resolved;
    expect(resolved.rows[0].sources.map((s) => [s.label, s.count])).toEqual(counted(sources));
    expect(resolved.rows[0].subtypes.map((s) => [s.label, s.count])).toEqual(counted(subtypes));
    expect(m.labels.disputed).toBe(callsDisputed);
  });

  it('category heatmap over the 33 flagged calls: mispronunciation 11/33, missing_word 9/33', () => {
    expect(m.labels.categories.map((h) => h.family)).toEqual(['tau-elicitation']);
    const c = m.labels.categories[0];
    expect(c.population).toBe(TAU_VALIDATION.categories.population);
    const overall = Object.fromEntries(c.overall.map((o) => [o.category, o.count]));
    expect(overall).toEqual(TAU_VALIDATION.categories.counts);
    expect(c.systems[0].cells.every((cell) => cell.deviation === 0)).toBe(true);
  });
});

describe('figures follow the data', () => {
  it('a new passing call, an adjudication and a new judge label show up on the next call', async () => {
    const db = t.services.db;
    // One more passing gemini_high call in the regular environment, imported into the same study as users add calls.
    const header = { schema: 'earshot-study-v1', name: 'τ-Elicitation', benchmark: 'tau-elicitation' };
    const call = {
      schema: 'earshot-episode-v1', id: 'added-pass-1', system: 'gemini_high', task: 'intake_dates_easy_01',
      condition: { strategy: 'agent_directed', environment: 'regular' }, outcome: 'pass', reward: 1, turns: [],
    };
    const added = await importStudy(t.services, writeJsonl(t.dir, 'added.jsonl', [header, call]), 'τ-Elicitation');
    expect(added).toBe(studyId);
    const disputed = db
      .prepare(
        `SELECT a.episode_id FROM annotations a JOIN annotations b ON b.episode_id = a.episode_id AND b.field = a.field AND b.annotator_id > a.annotator_id
         WHERE a.field = 'error_source' AND a.value <> b.value LIMIT 1`,
      )
      .get() as { episode_id: number };
    const judy = createAnnotator(db, { name: 'Judy', role: 'adjudicator' }, now);
    const decision = { field: 'error_source', value: 'unresolved', rationale: 'cannot tell', adjudicatorId: judy.id };
    decide(db, { ...decision, episodeId: disputed.episode_id }, now);
    const unflagged = db.prepare(`SELECT episode_id FROM judgements WHERE label = 'not_flagged' LIMIT 1`).get() as { episode_id: number };
    const rejudged = { judgeId: 'rejudge', label: 'flagged', categories: ['missing_word'] };
    saveJudgement(db, unflagged.episode_id, rejudged, now);
    const again = studyMetrics(db, studyId, { resamples: 200 });
    const regular = again.tau[0].success.find((r) => r.system === 'gemini_high' && r.condition.environment === 'regular' && r.condition.strategy === 'agent_directed')!;
    expect([regular.success.numerator, regular.success.denominator]).toEqual([passes.regular + 1, tasks + 1]);
    const sources = again.labels.failures[0].rows[0].sources.map((s) => [s.label, s.count]);
    expect(sources).toContainEqual(['disputed', TAU_VALIDATION.resolved.sources.disputed - 1]);
    expect(sources).toContainEqual(['unresolved', 1]);
    const { population, counts } = TAU_VALIDATION.categories;
    const heatmap = again.labels.categories[0];
    expect(heatmap.population).toBe(population + 1);
    expect(heatmap.overall.find((o) => o.category === 'missing_word')!.count).toBe(counts.missing_word + 1);
  });

  it('refuses an unknown study, and the same seed gives the same intervals', () => {
    expect(() => studyMetrics(t.services.db, 999)).toThrow(/not found/);
    const a = studyMetrics(t.services.db, studyId, { resamples: 300, seed: 7 });
    const b = studyMetrics(t.services.db, studyId, { resamples: 300, seed: 7 });
    expect(a.tau[0].success.map((r) => r.interval)).toEqual(b.tau[0].success.map((r) => r.interval));
    expect(a.options).toMatchObject({ resamples: 300, seed: 7, confidence: 0.95, notAttempted: 'incorrect' });
  });
});
