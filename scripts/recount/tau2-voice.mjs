#!/usr/bin/env node
/**
 * Recounts, from the raw τ-Voice experiment (fixtures/tau2-voice/experiment), the tick and speech numbers the unit
 * tests expect. Plain Node, no dependencies, nothing from the product. Prints one JSON object (the shape of TAU2_VOICE
 * in test-support/fixture-counts.ts).
 *
 * Usage: node scripts/recount/tau2-voice.mjs [FIXTURES_DIR]   (default $EARSHOT_FIXTURES or ../shared/fixtures)
 *
 * Definitions (fixtures README §1 "experiment/simulations/*.json"):
 * - one simulation per file; its `ticks` list is the tick count, `task_id` its task, `duration` its length in
 *   seconds (here in whole milliseconds); the tick length is results.json
 *   `info.audio_native_config.tick_duration_seconds`.
 * - "Each tick has tick_id, timestamp, agent_chunk and user_chunk. Each chunk has role, contains_speech (bool),
 *   turn_taking_action {action}, speech_effects {dynamic_muffling_enabled, speech_insert}, source_effects".
 * - a speech run is a maximal stretch of consecutive ticks whose chunk of one side has `contains_speech`; it starts
 *   at first tick_id × tick length and ends at (last tick_id + 1) × tick length.
 * - for the call of task 40: speech ticks per side, user `turn_taking_action.action == "backchannel"` ticks, and
 *   user chunks with `speech_effects.dynamic_muffling_enabled`.
 * - clips/*.wav (README §1 "clips/*.wav": "mono, 16-bit PCM, 16 kHz"): sample rate, channels and bits from each
 *   file's WAV `fmt ` chunk.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fixturesDir, readWav } from './read-files.mjs';

const experiment = `${fixturesDir()}/tau2-voice/experiment`;
const clips = `${fixturesDir()}/tau2-voice/clips`;
const results = JSON.parse(readFileSync(`${experiment}/results.json`, 'utf8'));
const tickMs = Math.round(results.info.audio_native_config.tick_duration_seconds * 1000);

/** The speech runs of one side as [startMs, endMs]. */
function speechRuns(ticks, side) {
  const runs = [];
  let open = null;
  const speaking = (tick) => tick?.[`${side}_chunk`]?.contains_speech === true;
  ticks.forEach((tick, i) => {
    if (speaking(tick) && open === null) open = tick.tick_id;
    if (speaking(tick) && !speaking(ticks[i + 1])) {
      runs.push([open * tickMs, (tick.tick_id + 1) * tickMs]);
      open = null;
    }
  });
  return runs;
}

const simulations = readdirSync(`${experiment}/simulations`)
  .sort()
  .map((file) => JSON.parse(readFileSync(`${experiment}/simulations/${file}`, 'utf8')));

/** What the tests read of one call in detail (task 40, the first file). */
function detail(sim) {
  const count = (test) => sim.ticks.filter(test).length;
  const user = speechRuns(sim.ticks, 'user');
  const agent = speechRuns(sim.ticks, 'agent');
  return {
    durationMs: Math.round(sim.duration * 1000),
    userSpeechTicks: count((t) => t.user_chunk?.contains_speech === true),
    agentSpeechTicks: count((t) => t.agent_chunk?.contains_speech === true),
    userBackchannels: count((t) => t.user_chunk?.turn_taking_action?.action === 'backchannel'),
    userMuffledTicks: count((t) => t.user_chunk?.speech_effects?.dynamic_muffling_enabled === true),
    userSpeechRuns: user.length,
    agentSpeechRuns: agent.length,
    firstUserSpeechMs: user[0],
    lastUserSpeechMs: user.at(-1),
    firstAgentSpeechMs: agent[0],
  };
}

const headers = readdirSync(clips).map((file) => readWav(`${clips}/${file}`));
const distinct = (key) => [...new Set(headers.map((h) => h[key]))];

const out = {
  tickMs,
  clips: {
    files: headers.length,
    sampleRates: distinct('sampleRate'),
    channels: distinct('channels'),
    bitsPerSample: distinct('bitsPerSample'),
  },
  simulations: simulations.map((sim) => ({ id: sim.id, task: sim.task_id, ticks: sim.ticks.length })),
  task40: detail(simulations.find((sim) => sim.task_id === '40')),
};
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
