/**
 * Writes a synthetic τ-Voice run directory shaped like tau2-bench's (and like ../shared/fixtures/tau2-voice/experiment):
 * results.json (run info, simulation_index) + simulations/<id>.json, half full-duplex (200 ms ticks with speech chunks,
 * turn-taking actions, speech effects, tool calls and results) and half half-duplex (messages with tool calls), each
 * with reward_info and, for failures, an LLM review. A few simulations get artifacts (sim_status.json, a short stereo
 * both.wav and Audacity label tracks), and a few of those are marked discarded, as the batch runner does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { between, pick, prng } from '../lib/measure';
import { writeWav } from './wav';

/** What was written. */
export interface GeneratedRun {
  dir: string;
  simulations: number;
  fullDuplex: number;
  withAudio: number;
  discarded: number;
  /** Every file the importer reads, for the baseline (JSON files are parsed, the rest only read). */
  files: string[];
  bytes: number;
}

const TICK_S = 0.2;

const USER_LINES = [
  'Hi, um, I need to change my flight to next Tuesday if that is possible',
  'My user ID is, uh, emma underscore kim, one, two, three',
  'The reservation number is A, B, C, one, two, three',
  'Yes, that is correct',
  'No, I meant the, uh, the return flight, not the outbound one',
  'Could you check whether there is a refund for the cancelled segment',
  'Okay, and how much would that cost me',
  'I want to cancel my order number four, eight, two, one, three',
  'Can you read back the address you have on file',
  'Sorry, the line is noisy, could you repeat that',
  'Great, thank you so much for your help',
  'Actually wait, I also want to add a checked bag',
];
const AGENT_LINES = [
  'Thanks for calling, how can I help you today',
  'Sure, I can help with that. Could you give me your user ID',
  'Let me look up that reservation for you',
  'I found the booking. The flight on Tuesday leaves at nine forty',
  'The change fee for this fare is seventy five dollars',
  'I have cancelled order four eight two one three, and a refund is on its way',
  'Just to confirm, you want to move both passengers',
  'The address on file is one twenty three Main Street',
  'Is there anything else I can help you with today',
  'I am sorry, I could not find a reservation with that number',
];
const TOOLS = [
  { name: 'get_user_details', args: (r: () => number) => ({ user_id: `emma_kim_${between(r, 100, 999)}` }) },
  { name: 'get_reservation_details', args: (r: () => number) => ({ reservation_id: `ABC${between(r, 100, 999)}` }) },
  { name: 'search_direct_flight', args: () => ({ origin: 'JFK', destination: 'SFO', date: '2024-05-21' }) },
  { name: 'cancel_pending_order', args: (r: () => number) => ({ order_id: `#W${between(r, 1000000, 9999999)}`, reason: 'no longer needed' }) },
  { name: 'update_reservation_flights', args: () => ({ reservation_id: 'ABC123', cabin: 'economy', payment_id: 'credit_card_7815826' }) },
];
const ERROR_TAGS = ['transcription', 'vad', 'logical', 'hallucination', 'unresponsive', 'early_termination', 'interrupted_user'];

const iso = (t: number) => new Date(t).toISOString().replace('Z', '000');

function uuid(rand: () => number): string {
  const hex = () => Math.floor(rand() * 16).toString(16);
  const part = (n: number) => Array.from({ length: n }, hex).join('');
  return `${part(8)}-${part(4)}-4${part(3)}-a${part(3)}-${part(12)}`;
}

function rewardInfo(rand: () => number, pass: boolean) {
  const db = pass || rand() < 0.5;
  const communicated = pass || !db || rand() < 0.5;
  return {
    reward: pass ? 1 : 0,
    db_check: { db_match: db, db_reward: db ? 1 : 0 },
    env_assertions: null,
    action_checks: [{ action: { action_id: 'a0', requestor: 'assistant', name: pick(rand, TOOLS).name, arguments: {} }, action_match: db, action_reward: db ? 1 : 0 }],
    nl_assertions: null,
    communicate_checks: [{ info: 'refund of $120', met: communicated, justification: communicated ? '' : 'the agent never said the amount' }],
    reward_basis: ['DB', 'COMMUNICATE'],
    reward_breakdown: { DB: db ? 1 : 0, COMMUNICATE: communicated ? 1 : 0 },
    info: null,
  };
}

function review(rand: () => number, ticks: number | null, turns: number | null) {
  const n = between(rand, 1, 2);
  const errors = Array.from({ length: n }, () => {
    const start = ticks ? between(rand, 0, ticks - 10) : null;
    return {
      source: rand() < 0.7 ? 'agent' : 'user',
      error_type: pick(rand, ['content_error', 'interruption_error', 'transcription_error']),
      error_tags: [pick(rand, ERROR_TAGS)],
      severity: pick(rand, ['critical', 'minor']),
      turn_idx: turns ? between(rand, 0, turns - 1) : null,
      tick_start: start,
      tick_end: start === null ? null : start + between(rand, 1, 8),
      reasoning: 'The agent acted on a misheard reservation number without reading it back.',
      correct_behavior: 'Read the number back and ask the user to confirm before acting.',
    };
  });
  return { summary: 'The agent made an error that caused the task to fail.', agent_error: errors.some((e) => e.source === 'agent'), user_error: errors.some((e) => e.source === 'user'), has_errors: true, errors };
}

function chunk(role: 'user' | 'assistant', content: string | null, speech: boolean, action: string | null, effects: object | null) {
  const c: Record<string, unknown> = { role, speech_effects: effects, source_effects: null, turn_taking_action: action ? { action } : null, contains_speech: speech };
  if (content) c.content = content;
  return c;
}

/** Full-duplex ticks: alternating user and agent speech runs with pauses, a backchannel, a vocal tic and tool calls. */
function fullDuplexTicks(rand: () => number, t0: number, nTicks: number) {
  const ticks: object[] = [];
  let speaker: 'user' | 'agent' = 'agent';
  let remaining = between(rand, 8, 20);
  let pause = 0;
  let words: string[] = pick(rand, AGENT_LINES).split(' ');
  for (let id = 0; id < nTicks; id++) {
    const tick: Record<string, unknown> = { tick_id: id, timestamp: iso(t0 + id * TICK_S * 1000) };
    const speaking = pause === 0 && remaining > 0;
    const text = speaking ? `${words.splice(0, 2).join(' ')} ` : null;
    const tic = speaker === 'user' && speaking && rand() < 0.03 ? { dynamic_muffling_enabled: false, speech_insert: { text: '[cough]', type: 'vocal_tic' } } : null;
    tick.user_chunk = chunk('user', speaker === 'user' ? text : null, speaker === 'user' && speaking, speaker === 'user' ? (speaking ? 'keep_talking' : 'wait') : 'wait', tic);
    tick.agent_chunk = chunk('assistant', speaker === 'agent' ? text : null, speaker === 'agent' && speaking, null, null);
    if (speaker === 'agent' && pause === 1 && rand() < 0.5) {
      const tool = pick(rand, TOOLS);
      const callId = `call_${id}_${between(rand, 1000, 9999)}`;
      tick.agent_tool_calls = [{ id: callId, name: tool.name, arguments: tool.args(rand), requestor: 'assistant' }];
      tick.agent_tool_results = [{ id: callId, role: 'tool', content: JSON.stringify({ status: 'ok', id: callId }), requestor: 'assistant', error: false, turn_idx: null, timestamp: tick.timestamp }];
    }
    ticks.push(tick);
    if (speaking) {
      remaining--;
      if (words.length === 0) remaining = 0;
      if (remaining === 0) pause = between(rand, 2, 5);
    } else if (pause > 0 && --pause === 0) {
      speaker = speaker === 'agent' ? 'user' : 'agent';
      words = pick(rand, speaker === 'agent' ? AGENT_LINES : USER_LINES).split(' ');
      remaining = between(rand, 6, 20);
    }
  }
  return ticks;
}

/** Half-duplex messages: a greeting, user and agent turns, tool calls with their results. */
function halfDuplexMessages(rand: () => number, t0: number, n: number) {
  const messages: object[] = [];
  let t = t0;
  for (let i = 0; messages.length < n; i++) {
    t += between(rand, 1500, 6000);
    const idx = messages.length;
    if (i % 4 === 2) {
      const tool = pick(rand, TOOLS);
      const id = `call_${idx}_${between(rand, 1000, 9999)}`;
      messages.push({ role: 'assistant', content: null, tool_calls: [{ id, name: tool.name, arguments: tool.args(rand), requestor: 'assistant' }], turn_idx: idx, timestamp: iso(t), cost: 0.0012, usage: { completion_tokens: 31, prompt_tokens: 2210 } });
      messages.push({ id, role: 'tool', content: JSON.stringify({ status: 'ok', reservation_id: 'ABC123', flights: [{ flight_number: 'HAT001', date: '2024-05-21' }] }), requestor: 'assistant', error: false, turn_idx: idx + 1, timestamp: iso(t + 300) });
    } else {
      const agent = i % 2 === 0;
      messages.push({ role: agent ? 'assistant' : 'user', content: pick(rand, agent ? AGENT_LINES : USER_LINES), tool_calls: null, turn_idx: idx, timestamp: iso(t), cost: agent ? 0.0009 : 0, usage: null });
    }
  }
  return { messages, end: t };
}

/** Generates `count` simulations into `dir` (created). */
export function writeTau2Run(dir: string, count: number, seed = 7): GeneratedRun {
  const rand = prng(seed);
  mkdirSync(join(dir, 'simulations'), { recursive: true });
  const files: string[] = [];
  let bytes = 0;
  const put = (rel: string, content: string | Buffer) => {
    const full = join(dir, rel);
    writeFileSync(full, content);
    files.push(full);
    bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.length;
  };
  const ids: string[] = [];
  let fullDuplex = 0;
  let withAudio = 0;
  let discarded = 0;
  const t0 = Date.parse('2026-06-30T10:00:00Z');
  for (let i = 0; i < count; i++) {
    const id = uuid(rand);
    ids.push(id);
    const taskId = String(between(rand, 0, 49));
    const start = t0 + i * 60_000;
    const pass = rand() < 0.55;
    const full = i % 2 === 0;
    const sim: Record<string, unknown> = {
      id,
      task_id: taskId,
      timestamp: iso(start),
      start_time: iso(start),
      trial: i % 4,
      seed: between(rand, 1, 999999),
      agent_cost: Math.round(rand() * 1e4) / 1e5,
      user_cost: Math.round(rand() * 1e4) / 1e5,
      reward_info: rewardInfo(rand, pass),
      speech_environment: { complexity: pick(rand, ['regular', 'noise_heavy', 'speech_heavy']), environment: 'indoor', background_noise_file: null },
    };
    if (full) {
      fullDuplex++;
      const nTicks = between(rand, 60, 110);
      sim.mode = 'full_duplex';
      sim.ticks = fullDuplexTicks(rand, start, nTicks);
      sim.duration = nTicks * TICK_S;
      sim.end_time = iso(start + nTicks * TICK_S * 1000);
      sim.termination_reason = pick(rand, ['user_stop', 'agent_stop', 'max_steps']);
      if (!pass) sim.review = review(rand, nTicks, null);
    } else {
      const { messages, end } = halfDuplexMessages(rand, start, between(rand, 8, 16));
      sim.mode = 'half_duplex';
      sim.messages = messages;
      sim.duration = (end - start) / 1000;
      sim.end_time = iso(end);
      sim.termination_reason = 'user_stop';
      if (!pass) sim.review = review(rand, null, messages.length);
    }
    put(`simulations/${id}.json`, JSON.stringify(sim));
    if (full && i % 100 === 0) {
      const art = `artifacts/task_${taskId}/sim_${id}`;
      mkdirSync(join(dir, art, 'audio'), { recursive: true });
      const isDiscarded = i % 1000 === 0;
      discarded += isDiscarded ? 1 : 0;
      put(`${art}/sim_status.json`, JSON.stringify(isDiscarded ? { status: 'discarded', reason: 'user_hallucination' } : { status: 'used' }));
      if (!isDiscarded) {
        withAudio++;
        const seconds = (sim.duration as number);
        writeWav(join(dir, art, 'audio', 'both.wav'), { seconds, sampleRate: 8000, channels: 2, seed: i });
        files.push(join(dir, art, 'audio', 'both.wav'));
        bytes += Math.floor(seconds * 8000) * 4 + 44;
        put(`${art}/audio/user_labels.txt`, '0.000\t1.200\tHi, um, I need to change my flight\n3.400\t4.000\tYes\n');
        put(`${art}/audio/assistant_labels.txt`, '1.600\t3.000\tSure, I can help with that\n');
      }
    }
  }
  const info = {
    git_commit: 'c0dd2331a751ad5a721c587f9ca76e52f0951a28',
    num_trials: 4,
    max_steps: 6000,
    max_errors: 10,
    seed: 300,
    speech_complexity: 'regular',
    user_info: { implementation: 'voice_streaming_user_simulator', llm: 'gpt-4.1-2025-04-14', llm_args: { temperature: 0 }, global_simulation_guidelines: '# Voice Call Simulation Guidelines\n\nYou are playing the role of a customer making a VOICE CALL.' },
    agent_info: { implementation: 'discrete_time_audio_native_agent', llm: 'openai:gpt-realtime-2026-06', llm_args: { voice: 'alloy' } },
    environment_info: { domain_name: 'airline', policy: 'Airline agent policy (abridged for the bench).', tool_defs: null },
    audio_native_config: { tick_duration_seconds: TICK_S, max_steps_seconds: 600, pcm_sample_rate: 8000 },
  };
  put('results.json', JSON.stringify({ timestamp: iso(t0), info, tasks: [], simulation_index: ids.map((id) => ({ id })) }));
  return { dir, simulations: count, fullDuplex, withAudio, discarded, files, bytes };
}
