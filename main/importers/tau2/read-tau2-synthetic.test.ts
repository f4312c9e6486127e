import { afterAll, describe, expect, it } from 'vitest';
import { readTau2 } from './read-tau2';
import { wavBytes } from '../../../test-support/wav';
import { removeTempDirs, tempDir, writeFiles } from '../../../test-support/temp-files';

afterAll(removeTempDirs);

const info = {
  git_commit: 'abc',
  num_trials: 1,
  max_steps: 100,
  max_errors: 10,
  user_info: { implementation: 'user_simulator', llm: 'gpt-4.1' },
  agent_info: { implementation: 'llm_agent', llm: 'gpt-4.1-mini' },
  environment_info: { domain_name: 'airline', policy: '...' },
};

const times = { start_time: '2025-01-01T10:00:00.000000', end_time: '2025-01-01T10:01:00.000000', termination_reason: 'user_stop' };
const at = (s: number) => `2025-01-01T10:00:${String(s).padStart(2, '0')}.000000`;

const halfDuplex = {
  id: 'hd-1',
  task_id: 7,
  trial: 2,
  duration: 12.5,
  ...times,
  messages: [
    { role: 'assistant', content: 'Hi! How can I help?', timestamp: at(1), turn_idx: 0 },
    { role: 'user', content: 'Cancel booking ABC.', timestamp: at(4), turn_idx: 1 },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', name: 'get_reservation', arguments: { id: 'ABC' } }], timestamp: at(6), turn_idx: 2 },
    { role: 'tool', id: 'c1', content: '{"status": "active"}', timestamp: at(7), turn_idx: 3 },
    { role: 'user', content: null, tool_calls: [{ id: 'u1', name: 'check_phone', arguments: {}, requestor: 'user' }], timestamp: at(8), turn_idx: 4 },
    { role: 'tool', tool_messages: [{ id: 'u1', role: 'tool', content: 'ok', requestor: 'user' }, { id: 'zz', role: 'tool', content: 'stray' }], timestamp: at(9), turn_idx: 5 },
    { role: 'assistant', content: 'It is cancelled.', timestamp: at(10), turn_idx: 6 },
  ],
  reward_info: {
    reward: 0,
    db_check: { db_match: false, db_reward: 0 },
    communicate_checks: [{ info: 'refund of $120', met: false, justification: 'never mentioned' }],
    reward_breakdown: { DB: 0, COMMUNICATE: 0 },
  },
  review: {
    summary: 'The agent cancelled without confirmation.',
    agent_error: true,
    has_errors: true,
    errors: [
      { source: 'agent', error_type: 'content_error', error_tags: ['policy_violation'], severity: 'critical', turn_idx: 2, reasoning: 'No confirmation.', correct_behavior: 'Ask first.' },
    ],
  },
};

const tick = (id: number, user: boolean, agent: boolean, extra: object = {}) => ({
  tick_id: id,
  timestamp: at(0),
  user_chunk: { role: 'user', contains_speech: user, turn_taking_action: { action: user ? 'keep_talking' : 'wait' } },
  agent_chunk: { role: 'assistant', contains_speech: agent },
  ...extra,
});

const fullDuplex = (id: string) => ({
  id,
  task_id: '3',
  trial: 0,
  duration: 2,
  mode: 'full_duplex',
  ...times,
  ticks: [
    tick(0, true, false),
    tick(1, true, false, { agent_tool_calls: [{ id: 't1', name: 'find_user', arguments: { name: 'Ann' } }] }),
    tick(2, false, true, { agent_tool_results: [{ id: 't1', role: 'tool', content: 'user 42' }] }),
    tick(3, false, true),
    tick(4, false, false),
  ],
  reward_info: { reward: 1, db_check: { db_match: true, db_reward: 1 } },
  review: {
    summary: 'Agent interrupted once.',
    agent_error: true,
    has_errors: true,
    errors: [{ source: 'agent', error_type: 'interruption_error', error_tags: ['interrupted_user'], tick_start: 2, tick_end: 3, reasoning: 'Spoke over the user.' }],
  },
});

describe('readTau2 on a monolithic half-duplex results file', async () => {
  const root = writeFiles(tempDir(), { 'run.json': { timestamp: 't', info, tasks: [], simulations: [halfDuplex] } });
  const batch = await readTau2(`${root}/run.json`);
  const [e] = batch.episodes;

  it('maps identity, outcome and reward', () => {
    expect(batch.episodes).toHaveLength(1);
    expect(e).toMatchObject({ externalId: 'hd-1', task: '7', trial: 2, system: 'gpt-4.1-mini', outcome: 'fail', reward: 0, durationMs: 12500 });
    expect(e.condition).toEqual({ domain: 'airline' });
  });

  it('keeps speech and tool events in message order, results joined to their calls', () => {
    expect(e.turns.map((t) => [t.speaker, t.startMs, t.text, t.tool?.name ?? null, t.tool?.result ?? null])).toEqual([
      ['agent', 1000, 'Hi! How can I help?', null, null],
      ['user', 4000, 'Cancel booking ABC.', null, null],
      ['agent', 6000, '', 'get_reservation', '{"status": "active"}'],
      ['user', 8000, '', 'check_phone', 'ok'],
      ['tool', 9000, '', '', 'stray'],
      ['agent', 10000, 'It is cancelled.', null, null],
    ]);
    expect(e.turns[2].tool?.arguments).toEqual({ id: 'ABC' });
  });

  it('turns reward_info and the review into judgements', () => {
    const [reward, review] = e.judgements;
    expect(reward).toMatchObject({ judgeId: 'tau2-evaluator', label: 'fail', rewardBreakdown: { DB: 0, COMMUNICATE: 0 }, categories: ['DB', 'COMMUNICATE'] });
    expect(reward.findings!.map((f) => f.text)).toEqual([
      'final database state does not match the expected state',
      'not communicated: refund of $120 (never mentioned)',
    ]);
    expect(review).toMatchObject({ judgeId: 'tau2-review', label: 'agent_error', rationale: 'The agent cancelled without confirmation.', categories: ['policy_violation'] });
    expect(review.findings).toEqual([
      { text: '[agent, content_error, critical] No confirmation.\nCorrect behaviour: Ask first.', startMs: 6000, endMs: null, category: 'policy_violation' },
    ]);
  });
});

describe('readTau2 on a run folder with artifacts', async () => {
  const root = writeFiles(tempDir(), {
    'results.json': { timestamp: 't', info: { ...info, audio_native_config: { tick_duration_seconds: 0.25 } }, tasks: [], simulation_index: [{ id: 'fd-1' }, { id: 'fd-2' }, { id: 'gone' }] },
    'simulations/fd-1.json': fullDuplex('fd-1'),
    'simulations/fd-2.json': fullDuplex('fd-2'),
    'artifacts/task_3/sim_fd-1/sim_status.json': { status: 'used' },
    'artifacts/task_3/sim_fd-1/audio/both.wav': wavBytes({ sampleRate: 8000, channels: 2, bitsPerSample: 16, data: Buffer.alloc(8000 * 4) }),
    'artifacts/task_3/sim_fd-1/audio/user_labels.txt': '0.000\t0.500\tHello there\n',
    'artifacts/task_3/sim_fd-1/audio/assistant_labels.txt': '0.500\t1.000\tHi Ann\n',
    'artifacts/task_3/sim_fd-2/sim_status.json': { status: 'discarded', reason: 'user_hallucination' },
  });
  const batch = await readTau2(root);
  const [e] = batch.episodes;

  it('skips discarded simulations and warns about indexed simulations without a file', () => {
    expect(batch.episodes.map((x) => x.externalId)).toEqual(['fd-1']);
    expect(batch.skipped).toBe(1);
    expect(batch.warnings).toEqual(['results.json: 1 simulation(s) listed in simulation_index have no file in simulations/']);
  });

  it('attaches both.wav as a stereo user/agent asset', () => {
    expect(e.audio).toEqual([{ path: expect.stringMatching(/artifacts\/task_3\/sim_fd-1\/audio\/both\.wav$/), role: 'call', lanes: ['user', 'agent'] }]);
    expect(e.info.simStatus).toBe('used');
  });

  it('uses the label tracks for text, since these slimmed ticks carry none, and keeps tick tool events', () => {
    expect(e.turns.map((t) => [t.speaker, t.startMs, t.endMs, t.text, t.tool?.name ?? null])).toEqual([
      ['user', 0, 500, 'Hello there', null],
      ['agent', 250, 750, '', 'find_user'],
      ['agent', 500, 1000, 'Hi Ann', null],
    ]);
    expect(e.turns[1].tool?.result).toBe('user 42');
  });

  it('places full-duplex review findings by tick range and passes on reward 1', () => {
    expect(e.outcome).toBe('pass');
    expect(e.judgements[1].findings![0]).toMatchObject({ startMs: 500, endMs: 1000, category: 'interrupted_user' });
    expect(e.info.tickDurationMs).toBe(250);
  });
});

describe("readTau2 keeps each task's evaluation criteria on its simulations", async () => {
  // Shape of tau2-bench's Task.evaluation_criteria (src/tau2/data_model/tasks.py: actions, communicate_info,
  // nl_assertions), as results.json carries it under `tasks`.
  const criteria = {
    actions: [
      { action_id: '7_0', requestor: 'assistant', name: 'cancel_reservation', arguments: { reservation_id: 'ABC' } },
    ],
    communicate_info: ['refund of $120'],
    nl_assertions: null,
  };
  const tasks = [{ id: '7', evaluation_criteria: criteria }, { id: '3', evaluation_criteria: null }];
  const root = writeFiles(tempDir(), {
    'results.json': { timestamp: 't', info, tasks, simulation_index: [{ id: 'hd-1' }, { id: 'fd-1' }] },
    'simulations/hd-1.json': halfDuplex,
    'simulations/fd-1.json': fullDuplex('fd-1'),
  });
  const batch = await readTau2(root);
  const byId = new Map(batch.episodes.map((e) => [e.externalId, e]));

  it('puts the criteria of task 7 on its simulation, verbatim', () => {
    expect(byId.get('hd-1')!.info.evaluationCriteria).toEqual(criteria);
  });

  it('adds nothing to a simulation whose task has no criteria', () => {
    expect(byId.get('fd-1')!.info).not.toHaveProperty('evaluationCriteria');
  });

  it('refuses a task whose expected action has no name, naming the file and the field', async () => {
    const bad = writeFiles(tempDir(), {
      'run.json': { timestamp: 't', info, tasks: [{ id: 1, evaluation_criteria: { actions: [{}] } }], simulations: [] },
    });
    await expect(readTau2(`${bad}/run.json`)).rejects.toThrow(
      'run.json: file: tasks[0].evaluation_criteria.actions[0].name: Invalid input: expected string',
    );
  });
});
