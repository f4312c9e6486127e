/**
 * `earshot metrics --json` on τ-Elicitation's strategy gain by entity difficulty and on VERA's word error rates: the
 * real fixtures (expected counts recomputed here from the raw files), a study built from the paper's per-system
 * easy/hard Pass@1 (result-source notes), and a VERA study carrying transcripts as a run stores them.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { fixture } from '../../test-support/fixtures';
import { importStudy, writeJsonl } from '../../test-support/import-study';
import type { StudyMetrics } from '../../shared/types/metrics';
import { parseCliArgs } from './args';
import { metricsCommand } from './metrics';

let t: TempServices;
const metrics = (study: string) =>
  metricsCommand(t.services, parseCliArgs(['--study', study, '--resamples', '400', '--json'])).json as StudyMetrics;
beforeAll(async () => {
  t = await tempServices({ demo: false });
});
afterAll(() => t.cleanup());

describe('τ-Elicitation archive: success by entity difficulty', () => {
  const ENVIRONMENTS = { regular: 'regular', noise_heavy: 'chanheavy', speech_heavy: 'speechheavy' } as const;
  /** [successes, calls] of a cell's raw transcripts whose task id names the difficulty. */
  const rawCount = (token: string, difficulty: string): [number, number] => {
    const file = fixture('tau-elicitation', 'transcripts', `main_runs__modeb_gemini_high_${token}_2026-09-02.jsonl`);
    const calls = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { task_id: string; reward: number })
      .filter((c) => c.task_id.includes(`_${difficulty}_`));
    return [calls.filter((c) => c.reward === 1).length, calls.length];
  };
  let m: StudyMetrics;
  beforeAll(async () => {
    await importStudy(t.services, fixture('tau-elicitation'), 'archive');
    m = metrics('archive');
  }, 60_000);

  it('per environment, easy and hard agent-directed success as the raw transcripts count it', () => {
    const rows = m.tau[0].strategyByDifficulty;
    const expected = Object.entries(ENVIRONMENTS).flatMap(([environment, token]) =>
      ['easy', 'hard'].map((difficulty) => [environment, difficulty, ...rawCount(token, difficulty)]),
    );
    expect(
      rows.map((r) => [
        r.environment,
        r.difficulty,
        r.strategies[0].success.numerator,
        r.strategies[0].success.denominator,
      ]),
    ).toEqual(expected);
    expect(new Set(rows.map((r) => r.system)).size).toBe(1);
    // The archive's calls are all agent-directed (its scaffolded calls are examples, kept out): no gain to show.
    expect(rows.every((r) => r.strategies.length === 1 && r.strategies[0].strategy === 'agent_directed')).toBe(true);
    expect(rows.every((r) => r.gains.length === 0)).toBe(true);
    for (const r of rows) {
      const { interval, success } = r.strategies[0];
      expect(interval.estimate).toBeCloseTo(success.value!, 12);
      expect(interval.low!).toBeLessThan(success.value!);
      expect(interval.high!).toBeGreaterThan(success.value!);
    }
  });

  it('the success table is listed for the section, with no gain table', () => {
    const ids = m.tables.map((x) => x.id);
    expect(ids).toContain('tau-elicitation-difficulty-success');
    expect(ids).not.toContain('tau-elicitation-difficulty-gain');
  });
});

describe('τ-Elicitation paper: scaffolding gains 23.3 points on easy and 27.0 on hard entities', () => {
  /**
   * RESULT_SOURCES.md (tau-elicitation branch): regular cells split into 100 easy and 100 hard tasks;
   * agent-directed/scaffolded Pass@1 is .60/.90, .55/.83 and .77/.89 on easy tasks and .29/.64, .48/.76 and .56/.74
   * on hard ones for GPT xhigh, Gemini high and xAI.
   */
  const PASSES: Record<string, Record<'easy' | 'hard', [number, number]>> = {
    gpt_xhigh: { easy: [60, 90], hard: [29, 64] },
    gemini_high: { easy: [55, 83], hard: [48, 76] },
    grok: { easy: [77, 89], hard: [56, 74] },
  };
  const BANKS = [
    'dates',
    'phones',
    'times',
    'person_names',
    'codes',
    'properties',
    'addresses',
    'emails',
    'coined',
    'medications',
  ];
  /** The stratum's 100 tasks: ten per bank. */
  const tasks = (d: string) => BANKS.flatMap((b) => Array.from({ length: 10 }, (_, i) => `intake_${b}_${d}_${i + 1}`));
  let m: StudyMetrics;
  beforeAll(async () => {
    const lines: unknown[] = [{ schema: 'earshot-study-v1', name: 'paper', benchmark: 'tau-elicitation' }];
    for (const [system, strata] of Object.entries(PASSES)) {
      for (const d of ['easy', 'hard'] as const) {
        ['agent_directed', 'scaffolded'].forEach((strategy, s) =>
          tasks(d).forEach((task, i) =>
            lines.push({
              schema: 'earshot-episode-v1',
              id: `${system}/${strategy}/${task}`,
              system,
              task,
              condition: { strategy, environment: 'regular' },
              reward: i < strata[d][s] ? 1 : 0,
            }),
          ),
        );
      }
    }
    await importStudy(t.services, writeJsonl(t.dir, 'paper.jsonl', lines), 'paper');
    m = metrics('paper');
  }, 60_000);

  it('each system’s gain per stratum is its scaffolded − agent-directed count over 100 tasks', () => {
    const rows = m.tau[0].strategyByDifficulty.filter((r) => r.system !== null);
    expect(rows.map((r) => [r.system, r.difficulty, r.gains[0].gain.estimate! * 100])).toEqual(
      Object.entries(PASSES).flatMap(([system, s]) =>
        (['easy', 'hard'] as const).map((d) => [system, d, expect.closeTo(s[d][1] - s[d][0], 10)]),
      ),
    );
  });

  it('averaged across systems: (30 + 28 + 12)/3 = 23.3 easy, (35 + 28 + 18)/3 = 27.0 hard (the paper’s 23 vs 27)', () => {
    const mean = m.tau[0].strategyByDifficulty.filter((r) => r.system === null);
    expect(mean.map((r) => [r.difficulty, r.systems.length])).toEqual([
      ['easy', 3],
      ['hard', 3],
    ]);
    expect(mean[0].gains[0].gain.estimate! * 100).toBeCloseTo(70 / 3, 10);
    expect(mean[1].gains[0].gain.estimate! * 100).toBeCloseTo(27, 10);
    // Pooled success, main.tex §4.3: 64.0 % easy and 44.3 % hard, raised to 87.3 % and 71.3 % (of 300 calls).
    expect(mean.map((r) => r.strategies.map((s) => s.success.numerator))).toEqual([
      [60 + 55 + 77, 90 + 83 + 89],
      [29 + 48 + 56, 64 + 76 + 74],
    ]);
    // Both strata tested (100 tasks each); Holm over the two.
    expect(mean.every((r) => r.gains[0].p !== null && r.gains[0].holmP! >= r.gains[0].p!)).toBe(true);
    expect(m.tables.map((x) => x.id)).toContain('tau-elicitation-difficulty-gain');
  });
});

describe('VERA word error rates', () => {
  it('the fixture stores no transcript: both rates absent, each saying why', async () => {
    await importStudy(t.services, fixture('vera', 'test_voice_episodes', 'test.json'), 'vera fixture');
    const raw = JSON.parse(readFileSync(fixture('vera', 'test_voice_episodes', 'test.json'), 'utf8')) as {
      episodes: unknown[];
    };
    const { wer } = metrics('vera fixture').vera!;
    expect([wer.answer, wer.question]).toEqual([[], []]);
    // No grades ship with the sample: one ungraded voice response per episode.
    expect(wer.answerAbsent).toContain(`none of the ${raw.episodes.length} voice responses`);
    expect(wer.questionAbsent).toContain('no transcript of the audio');
  }, 60_000);

  it('a study with what the systems heard and said: question and answer WER per track, text systems left out', async () => {
    const episode = (system: string, task: string, track: string, question: string, info: object) => ({
      schema: 'earshot-episode-v1',
      id: `${task}@${system}`,
      system,
      task,
      condition: { track },
      outcome: 'CORRECT',
      turns: [
        { speaker: 'user', text: question },
        { speaker: 'agent', text: 'answer' },
      ],
      info,
    });
    const reply = (vendor: string, transcript: string) => ({ turnIndex: 1, vendor, transcript, model: 'whisper-1' });
    const lines = [
      { schema: 'earshot-study-v1', name: 'vera run', benchmark: 'vera' },
      // Question: "What is 2 + 3?" → `what is two plus three` (5 words); heard "what is two plus tree": 1 substitution.
      // Answer: "The sum is 5." → `the sum is five`; transcript "the sum is five": 0 errors of 4.
      episode('voice', 'q1', 'mathematical_reasoning', 'What is 2 + 3?', {
        heard: ['what is two plus tree'],
        agentTranscripts: [reply('The sum is 5.', 'the sum is five')],
      }),
      // Question: "Who wrote Hamlet?" (3 words), heard "who wrote": 1 deletion. Answer "Shakespeare" vs
      // "shake spear": 1 substitution + 1 insertion of 1 word.
      episode('voice', 'q2', 'factual_recall', 'Who wrote Hamlet?', {
        heard: ['who wrote'],
        agentTranscripts: [reply('Shakespeare', 'shake spear')],
      }),
      // No transcript stored: counted as without.
      episode('voice', 'q3', 'factual_recall', 'Name a prime.', { heard: [null] }),
      episode('gpt-text', 'q1', 'mathematical_reasoning', 'What is 2 + 3?', { heard: ['ignored'] }),
    ];
    await importStudy(t.services, writeJsonl(t.dir, 'vera-run.jsonl', lines), 'vera run');
    const m = metrics('vera run');
    const { wer } = m.vera!;
    expect(wer.question.map((r) => [r.system, r.responses, r.without])).toEqual([['voice', 2, 1]]);
    // Question: (1 + 1) errors over (5 + 3) words = 0.25; math 1/5, factual 1/3.
    const q = wer.question[0];
    expect([q.overall.referenceWords, q.overall.substitutions, q.overall.deletions, q.overall.wer]).toEqual([
      8, 1, 1, 0.25,
    ]);
    expect(q.tracks.map((x) => [x.track, x.wer])).toEqual([
      ['mathematical_reasoning', 1 / 5],
      ['factual_recall', 1 / 3],
    ]);
    // Answer: (0 + 2) errors over (4 + 1) words = 0.4; math 0/4, factual 2/1.
    const a = wer.answer[0];
    expect([a.overall.referenceWords, a.overall.insertions, a.overall.wer]).toEqual([5, 1, 0.4]);
    expect(a.tracks.map((x) => [x.track, x.wer])).toEqual([
      ['mathematical_reasoning', 0],
      ['factual_recall', 2],
    ]);
    expect([wer.answerAbsent, wer.questionAbsent]).toEqual([null, null]);
    const table = m.tables.find((x) => x.id === 'vera-wer')!;
    expect(table.rows.map((r) => [r.kind, r.scope, r.wer])).toEqual([
      ['spoken answer vs its text', 'overall', 0.4],
      ['spoken answer vs its text', 'mathematical_reasoning', 0],
      ['spoken answer vs its text', 'factual_recall', 2],
      ['question audio vs question text', 'overall', 0.25],
      ['question audio vs question text', 'mathematical_reasoning', 0.2],
      ['question audio vs question text', 'factual_recall', 1 / 3],
    ]);
  }, 60_000);
});
