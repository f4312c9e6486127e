/**
 * Parity with tau2-bench on the tau2-voice fixture (tests/test_voice/test_interaction_metrics/testdata/experiment).
 *
 * Reference values were produced by tau2-bench's own code at commit a2c024725189473d2d7cea3a5cfdbcc67478e41f
 * (src/tau2/metrics/voice_interaction_metrics.py, unmodified), run with Debian python3.11, pandas 1.5.3 and
 * pydantic 2.13 in a scratch directory: every tick was loaded with tau2's pydantic `Tick` model, the tick length
 * came from results.json info.audio_native_config.tick_duration_seconds (0.2 s) as tau2's
 * resolve_experiment_config does, and compute_interaction_metrics_for_experiment was called on all three
 * simulations (the run) and on each simulation alone. The event lists come from
 * extract_voice_quality_events_from_simulation. See docs/metrics-interaction.md, "Reproduction".
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test-support/fixtures';
import { TAU2_VOICE } from '../../../test-support/fixture-counts';
import { configForTick } from './config';
import { parseSimulation, tickDurationFromResults } from './parse-input';
import { simulationEvents } from './simulation-events';
import { speechTurns } from './speech-turns';
import { PANEL_METRICS, averageDomains, runMetrics, simulationMetrics } from './summarize';

const experiment = fixture('tau2-voice', 'experiment');
const tickSec = tickDurationFromResults(JSON.parse(readFileSync(`${experiment}/results.json`, 'utf8')));
const simulations = readdirSync(`${experiment}/simulations`)
  .sort()
  .map((file) => parseSimulation(JSON.parse(readFileSync(`${experiment}/simulations/${file}`, 'utf8')), file));
const config = configForTick(tickSec);

import { RUN, RUN_COUNTS, type Panel, type Tau2Counts } from './reference-values';
import type { InteractionMetrics } from '../../../shared/types/interaction-metrics';

/** The same function on each simulation alone. */
const PER_SIMULATION: Record<string, { panel: Panel; counts: Tau2Counts }> = {
  '49b22f0c-4a56-41c5-922f-bc2a56e53a23': {
    panel: {
      responseLatencyMeanSec: 1.174999999999998,
      yieldLatencyMeanSec: 0.7600000000000001,
      responseRate: 1.0,
      yieldRate: 1.0,
      agentInterruptionRate: 0.25,
      selectivityBackchannel: 1.0,
      selectivityVocalTic: 0.0,
      selectivityNonDirected: 0.0,
    },
    counts: [1, 8, 5, 1, 2, 2, 2],
  },
  '7c6a3e3e-ac3f-406f-aea9-8cacb0a2e680': {
    panel: {
      responseLatencyMeanSec: 1.58571428571429,
      yieldLatencyMeanSec: 0.64,
      responseRate: 1.0,
      yieldRate: 1.0,
      agentInterruptionRate: 0.21428571428571427,
      selectivityBackchannel: 0.0,
      selectivityVocalTic: 0.25,
      selectivityNonDirected: 0.0,
    },
    counts: [1, 14, 10, 1, 4, 2, 3],
  },
  'cd9c5ed2-9751-4c86-8dac-8a895a332e41': {
    panel: {
      responseLatencyMeanSec: 1.4999999999999956,
      yieldLatencyMeanSec: 0.6500000000000001,
      responseRate: 0.9230769230769231,
      yieldRate: 1.0,
      agentInterruptionRate: 0.23076923076923078,
      selectivityBackchannel: 0.0,
      selectivityVocalTic: 0.0,
      selectivityNonDirected: 0.5,
    },
    counts: [1, 13, 8, 1, 1, 2, 3],
  },
};

/** tau2's event list per simulation as `type@event_tick[:latency_sec]`, ordered by tick (latencies rounded to 1e-9). */
const EVENTS: Record<string, string> = {
  '49b22f0c-4a56-41c5-922f-bc2a56e53a23':
    'response@82:1.2 response@153:1.2 non_directed_error@162 non_directed_error@188 response@231:1 vocal_tic_error@296 ' +
    'vocal_tic_error@306 yield@306:0.6 response@355:1.2 yield@399:0.6 response@428:1.4 yield@469:0.6 response@538:0.8 ' +
    'response@582:1.6 backchannel_correct@679 yield@769:0.6 response@780:1 yield@874:1.4',
  '7c6a3e3e-ac3f-406f-aea9-8cacb0a2e680':
    'vocal_tic_error@91 response@162:1.4 non_directed_error@185 yield@194:0.6 response@233:1.2 vocal_tic_error@289 ' +
    'response@340:2 yield@409:0.6 response@430:2.8 backchannel_error@609 yield@639:0.6 response@649:1.2 yield@779:0.6 ' +
    'response@793:1.2 yield@839:0.6 response@858:2.2 yield@959:0.6 response@970:1.4 yield@1019:0.6 response@1022:1.6 ' +
    'yield@1149:0.6 response@1160:1.8 non_directed_error@1341 yield@1350:0.6 response@1369:1 vocal_tic_error@1375 ' +
    'vocal_tic_correct@1389 response@1406:1.4 yield@1629:1 response@1635:2.2 response@1749:0.8',
  'cd9c5ed2-9751-4c86-8dac-8a895a332e41':
    'non_directed_correct@6 yield@89:0.6 response@95:0.8 response@222:2.4 response@306:1.2 yield@339:0.6 response@344:1.4 ' +
    'yield@389:0.8 response@395:1 yield@489:0.8 no_response@533 response@567:1.8 backchannel_error@649 yield@689:0.6 ' +
    'response@714:1.6 yield@859:0.6 response@888:0.8 yield@1016:0.6 response@1020:2.6 non_directed_error@1041 ' +
    'vocal_tic_error@1059 response@1134:1 response@1209:2.2 yield@1309:0.6 response@1314:1.2',
};

function expectPanel(actual: InteractionMetrics, panel: Panel, counts: Tau2Counts): void {
  for (const key of PANEL_METRICS) {
    const expected = panel[key];
    if (expected === null) expect(actual[key], key).toBeNull();
    else expect(Math.abs((actual[key] as number) - expected), key).toBeLessThanOrEqual(1e-9);
  }
  const c = actual.counts;
  expect([
    c.simulations,
    c.responseTotal,
    c.yieldTotal,
    c.backchannelTotal,
    c.vocalTicTotal,
    c.nonDirectedTotal,
    c.agentInterruptions,
  ]).toEqual(counts);
}

function compact(type: string, tick: number, latency: number | null): string {
  return `${type}@${tick}` + (latency === null ? '' : `:${Number(latency.toFixed(9))}`);
}

describe('tau2-voice fixture: parity with tau2-bench', () => {
  it('reads the recorded tick length', () => {
    // Tick length and tick counts: scripts/recount/tau2-voice.mjs (TAU2_VOICE).
    expect(tickSec * 1000).toBe(TAU2_VOICE.tickMs);
    expect(simulations.map((s) => s.ticks.length)).toEqual(TAU2_VOICE.simulations.map((s) => s.ticks));
  });

  it('reproduces the run panel and its counts', () => {
    expectPanel(runMetrics(simulations, config), RUN, RUN_COUNTS);
  });

  it('reproduces each simulation panel', () => {
    for (const sim of simulations) {
      const expected = PER_SIMULATION[sim.id];
      expectPanel(simulationMetrics(sim.ticks, config), expected.panel, expected.counts);
    }
  });

  it('reproduces every event, its tick and its latency', () => {
    for (const sim of simulations) {
      const events = simulationEvents(sim.ticks, config).events.map((e) => compact(e.type, e.tick, e.latencySec));
      expect(events.sort().join(' ')).toBe(EVENTS[sim.id].split(' ').sort().join(' '));
    }
  });

  it('averages one domain to itself (tau2 aggregate_domain_metrics)', () => {
    const run = runMetrics(simulations, config);
    expect(averageDomains({ retail: run })).toEqual(run);
  });

  it('counts numerators consistent with the rates', () => {
    const { counts, responseRate, selectivityVocalTic } = runMetrics(simulations, config);
    expect(counts.responses).toBe(34);
    expect(responseRate).toBe(34 / 35);
    expect(counts.vocalTicErrors).toBe(6);
    expect(selectivityVocalTic).toBeCloseTo(1 / 7, 12);
  });

  it('rebuilds speech turns that agree with tau2 segments (plus the untrimmed ###STOP### tick)', () => {
    const sim = simulations[0];
    const turns = speechTurns(sim.ticks, tickSec);
    const user = turns.filter((t) => t.role === 'user');
    const agent = turns.filter((t) => t.role === 'agent');
    // tau2 finds 10 user and 15 agent segments after dropping the 1-tick user segment at tick 972; the raw speech runs
    // (11 and 15) and the first user run are recounted by scripts/recount/tau2-voice.mjs (TAU2_VOICE.task40).
    const { userSpeechRuns, agentSpeechRuns, firstUserSpeechMs, lastUserSpeechMs, firstAgentSpeechMs } =
      TAU2_VOICE.task40;
    expect([user.length, agent.length]).toEqual([userSpeechRuns, agentSpeechRuns]);
    // A run of ticks first … last spans [first × 200 ms, (last + 1) × 200 ms).
    const run = (role: string, [startMs, endMs]: readonly number[]) => {
      const tick = TAU2_VOICE.tickMs;
      return { role, firstTickId: startMs / tick, lastTickId: endMs / tick - 1, startMs, endMs };
    };
    expect(user[0]).toEqual(run('user', firstUserSpeechMs));
    expect(agent[0]).toEqual(run('agent', firstAgentSpeechMs));
    expect(user.at(-1)).toEqual(run('user', lastUserSpeechMs));
  });
});
