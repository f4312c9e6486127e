/**
 * Newer τ² files: RewardInfo's provenance fields kept with the episode, and a leaderboard submission.json beside a
 * run whose interaction_metrics are set beside the recomputed ones. The published values used are tau2-bench's own
 * for the fixture run (stats/interaction/reference-values.ts, printed by its Python), so the differences are 0 except
 * where the test changes one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture } from '../../../test-support/fixtures';
import { removeTempDirs, tempDir } from '../../../test-support/temp-files';
import { tempServices, type TempServices } from '../../../test-support/temp-services';
import { importPath } from '../import-path';
import { listEpisodes, getEpisode } from '../../db/episodes';
import { studyInteractionMetrics } from '../../metrics/interaction-metrics';
import { publishedInteractionTables } from '../../metrics/tables-published';
import { RUN, RUN_COUNTS } from '../../stats/interaction/reference-values';
import { importTarget } from '../../remote/import-target';

const SIM = '7c6a3e3e';

/** tau2's names of the panel, from the reference values. */
const PUBLISHED = {
  response_latency_mean: RUN.responseLatencyMeanSec,
  yield_latency_mean: RUN.yieldLatencyMeanSec,
  response_rate: (RUN.responseRate as number) + 0.01,
  yield_rate: RUN.yieldRate,
  agent_interruption_rate: RUN.agentInterruptionRate,
  selectivity_backchannel: RUN.selectivityBackchannel,
  selectivity_vocal_tic: RUN.selectivityVocalTic,
  selectivity_non_directed: RUN.selectivityNonDirected,
  counts: Object.fromEntries(
    [
      'n_simulations',
      'response_total',
      'yield_total',
      'backchannel_total',
      'vocal_tic_total',
      'non_directed_total',
      'agent_interrupts_count',
    ].map((k, i) => [k, RUN_COUNTS[i]]),
  ),
};

const REWARD_INFO = {
  reward: 1,
  reward_basis: ['DB'],
  reward_breakdown: { DB: 1 },
  evaluation_mode: 'replay',
  state_source: 'replayed',
  replayed_actions: [
    {
      source: 'trajectory',
      tool_call: { id: 't1', name: 'get_order_details', arguments: { order_id: '#W1' }, requestor: 'assistant' },
    },
    {
      source: 'reference',
      tool_call: { id: 'r1', name: 'cancel_pending_order', arguments: { reason: 'no longer needed' } },
    },
  ],
  warnings: ['strict_replay=False: a replayed tool call failed and was skipped'],
};

/** A leaderboard layout: <sub>/submission.json and <sub>/trajectories/<run>/ with the fixture's three simulations. */
function submissionFolder(submission: unknown, runs = ['retail-run']): string {
  const sub = join(tempDir('earshot-submission-'), 'gpt-realtime-2_openai_2026-06-24');
  for (const name of runs) {
    const run = join(sub, 'trajectories', name);
    mkdirSync(join(run, 'simulations'), { recursive: true });
    copyFileSync(fixture('tau2-voice', 'experiment', 'results.json'), join(run, 'results.json'));
    for (const f of readdirSync(fixture('tau2-voice', 'experiment', 'simulations'))) {
      const sim = JSON.parse(readFileSync(fixture('tau2-voice', 'experiment', 'simulations', f), 'utf8'));
      if (f.startsWith(SIM)) sim.reward_info = REWARD_INFO;
      writeFileSync(join(run, 'simulations', f), JSON.stringify(sim));
    }
  }
  writeFileSync(join(sub, 'submission.json'), JSON.stringify(submission));
  return sub;
}

const submission = (domains: Record<string, unknown>) => ({
  model_name: 'gpt-realtime-2',
  modality: 'voice',
  interaction_metrics: { version: '1.0', config: { tick_duration_sec: 0.2 }, domains, overall: {} },
});

let t: TempServices;
beforeAll(async () => {
  t = await tempServices({ demo: false });
});
afterAll(() => {
  t.cleanup();
  removeTempDirs();
});

describe('RewardInfo provenance', () => {
  it('keeps evaluation_mode, state_source, replayed_actions and warnings with the episode', async () => {
    const run = join(submissionFolder(submission({})), 'trajectories', 'retail-run');
    const summary = await importPath(t.services.db, run, 'tau2', { now: new Date(), studyName: 'provenance' });
    const row = listEpisodes(t.services.db, summary.study.id).find((e) => e.externalId.startsWith(SIM))!;
    const detail = getEpisode(t.services.db, row.id)!;
    expect(detail.episode.info.rewardProvenance).toEqual({
      evaluationMode: 'replay',
      stateSource: 'replayed',
      replayedActions: [
        { source: 'trajectory', name: 'get_order_details', arguments: { order_id: '#W1' } },
        { source: 'reference', name: 'cancel_pending_order', arguments: { reason: 'no longer needed' } },
      ],
      warnings: ['strict_replay=False: a replayed tool call failed and was skipped'],
    });
    expect(detail.judgements.find((j) => j.judgeId === 'tau2-evaluator')?.rewardBreakdown).toEqual({ DB: 1 });
    const other = listEpisodes(t.services.db, summary.study.id).find((e) => !e.externalId.startsWith(SIM))!;
    expect(getEpisode(t.services.db, other.id)!.episode.info.rewardProvenance).toBeUndefined();
  });
});

describe('a submission.json beside the run', () => {
  it('sets its published panel beside the recomputed one, with the differences', async () => {
    const run = join(submissionFolder(submission({ retail: PUBLISHED })), 'trajectories', 'retail-run');
    const summary = await importPath(t.services.db, run, 'tau2', { now: new Date(), studyName: 'published' });
    const m = studyInteractionMetrics(t.services.db, summary.study.id)!;
    expect(m.published).toHaveLength(1);
    const p = m.published![0];
    expect(p).toMatchObject({
      file: '../../submission.json',
      submission: 'gpt-realtime-2',
      domain: 'retail',
      version: '1.0',
      simulations: 3,
    });
    const diff = Object.fromEntries(p.rows.map((r) => [r.figure, r.difference]));
    expect(diff.responseRate).toBeCloseTo(-0.01, 12);
    for (const [figure, d] of Object.entries(diff)) if (figure !== 'responseRate') expect(d, figure).toBeCloseTo(0, 12);
    expect(p.rows.filter((r) => r.figure.startsWith('counts.')).map((r) => r.published)).toEqual(RUN_COUNTS);
    const [table] = publishedInteractionTables(m);
    expect(table.title).toBe('τ² interaction metrics: published by gpt-realtime-2 (retail) vs recomputed');
    expect(table.rows[2]).toMatchObject({ figure: 'R_R response rate', published: PUBLISHED.response_rate });
  });

  it('warns, and imports the run without it, when the submission is broken or lacks the run’s domain', async () => {
    const broken = submission({ retail: { ...PUBLISHED, response_rate: 'high' } });
    const a = await importPath(t.services.db, join(submissionFolder(broken), 'trajectories', 'retail-run'), 'tau2', {
      now: new Date(),
      studyName: 'broken',
    });
    expect(a.episodes).toBe(3);
    expect(a.warnings).toContainEqual(
      expect.stringMatching(
        /^\.\.\/\.\.\/submission\.json: interaction_metrics\.domains\.retail\.response_rate: .*not read$/,
      ),
    );
    expect(studyInteractionMetrics(t.services.db, a.study.id)!.published).toBeUndefined();
    const b = await importPath(
      t.services.db,
      join(submissionFolder(submission({ airline: PUBLISHED })), 'trajectories', 'retail-run'),
      'tau2',
      { now: new Date(), studyName: 'other domain' },
    );
    expect(b.warnings).toContain(
      '../../submission.json: interaction_metrics has no panel for the run\'s domain "retail"',
    );
  });

  it('a downloaded submission folder imports its one run, and names each run when it holds several', () => {
    const one = submissionFolder(submission({}));
    const fetched = { path: one, location: 's3://b/submissions/x/', files: 4, bytes: 1, downloaded: 4, signed: false };
    expect(importTarget(fetched)).toEqual({ path: join(one, 'trajectories', 'retail-run'), format: 'tau2' });
    const two = submissionFolder(submission({}), ['airline', 'retail']);
    expect(() => importTarget({ ...fetched, path: two })).toThrow(
      's3://b/submissions/x/: holds 2 runs; import one at a time: ' +
        's3://b/submissions/x/trajectories/airline/, s3://b/submissions/x/trajectories/retail/',
    );
  });
});
