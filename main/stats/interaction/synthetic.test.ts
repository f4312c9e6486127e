/**
 * Hand-computed metrics on small scripted tick sequences (0.2 s ticks, tau2's default windows: no-yield 10 ticks,
 * backchannel / vocal-tic / non-directed yield 5 ticks, response windows 10 ticks). Each expectation is worked out
 * in the comment above it; the same scripts were also run through tau2-bench's Python (commit a2c02472) and
 * produced the same events.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_INTERACTION_CONFIG } from './config';
import { simulationEvents } from './simulation-events';
import { runMetrics, simulationMetrics } from './summarize';
import { scriptTicks } from './synthetic-ticks';

const events = (script: string) =>
  simulationEvents(scriptTicks(script), DEFAULT_INTERACTION_CONFIG).events.map((e) => `${e.type}@${e.tick}` + (e.latencySec === null ? '' : `:${Number(e.latencySec.toFixed(9))}`));
const metrics = (script: string) => simulationMetrics(scriptTicks(script));

describe('response latency and response rate', () => {
  it('measures the silence from the end of the user turn to the agent start', () => {
    // User ticks 0-4 (ends at 5), agent starts at 10: latency 5 ticks = 1.0 s; 1 of 1 turns answered.
    const m = metrics('u*5 .*5 a*5 .*5');
    expect(events('u*5 .*5 a*5 .*5')).toEqual(['response@5:1']);
    expect(m.responseLatencyMeanSec).toBeCloseTo(1.0, 12);
    expect(m.responseRate).toBe(1);
    expect(m.agentInterruptionRate).toBe(0);
    expect(m.yieldRate).toBeNull();
  });

  it('scores no_response when the user has to speak again first', () => {
    // Turn 1 (0-4) is followed by user speech at 15 before the agent at 25: no_response.
    // Turn 2 (15-19) gets the agent at 25: latency (25 - 20) × 0.2 = 1.0 s. R_R = 1/2.
    const m = metrics('u*5 .*10 u*5 .*5 a*3 .*3');
    expect(events('u*5 .*10 u*5 .*5 a*3 .*3')).toEqual(['no_response@5', 'response@20:1']);
    expect(m.responseRate).toBe(0.5);
    expect([m.counts.responses, m.counts.responseTotal]).toEqual([1, 2]);
    expect(m.responseLatencyMeanSec).toBeCloseTo(1.0, 12);
  });

  it('scores nothing for a last turn that nobody follows', () => {
    expect(events('.*2 u*3 .*4')).toEqual([]);
  });
});

describe('yield latency and yield rate', () => {
  it('measures how long the agent keeps talking after a real interruption', () => {
    // Agent 0-6, user barges in at 4, agent first silent at 7: yield after 3 ticks = 0.6 s.
    // The user turn then ends at 10 with the agent silent; agent answers at 15: latency 1.0 s.
    const script = 'a*4 ua*3 u*3 .*5 a*3 .*2';
    expect(events(script)).toEqual(['yield@4:0.6', 'response@10:1']);
    const m = metrics(script);
    expect(m.yieldRate).toBe(1);
    expect(m.yieldLatencyMeanSec).toBeCloseTo(0.6, 12);
  });

  it('scores no_yield when the agent talks through the 2 s window', () => {
    // User barges in at 2; the agent speaks in all of ticks 2-11. The user turn ends under agent speech,
    // so it is not response-eligible: R_R and I_A have no denominator.
    const m = metrics('a*2 ua*4 a*12 .*2');
    expect(events('a*2 ua*4 a*12 .*2')).toEqual(['no_yield@2']);
    expect([m.yieldRate, m.yieldLatencyMeanSec, m.responseRate, m.agentInterruptionRate]).toEqual([0, null, null, null]);
  });

  it('takes the window in whole ticks: stopping in the 10th tick is a yield, in the 11th is not', () => {
    // Onset at 1; ticks 1..10 are the window. Agent silent first at 10 -> yield of 9 ticks (1.8 s); at 11 -> no_yield.
    expect(events('a ua*3 a*6 . .*3')[0]).toBe('yield@1:1.8');
    expect(events('a ua*3 a*7 . .*3')[0]).toBe('no_yield@1');
  });
});

describe('agent interruption rate', () => {
  it('counts agent segments that start while the user speaks, per response-eligible user turn', () => {
    // User 0-4; the agent starts at 3 over the user (1 interruption) and is still talking at 5, so that user turn
    // is not eligible. User 9-10 is answered at 14 (latency 0.6 s). I_A = 1 / 1.
    const m = metrics('u*3 ua*2 a*2 .*2 u*2 .*3 a*2 .');
    expect(m.counts.agentInterruptions).toBe(1);
    expect(m.counts.responseTotal).toBe(1);
    expect(m.agentInterruptionRate).toBe(1);
  });

  it('can exceed 1', () => {
    // Two agent onsets (ticks 2 and 4) over the user turn 0-5, which ends under agent speech (not eligible);
    // user turn 8-9 is answered at 11. I_A = 2 / 1.
    const m = metrics('u*2 ua u ua*2 a . u*2 . a .');
    expect([m.counts.agentInterruptions, m.counts.responseTotal, m.agentInterruptionRate]).toEqual([2, 1, 2]);
  });
});

describe('selectivity', () => {
  it('backchannel: correct when the agent talks through it, error when it stops within 1 s', () => {
    // Backchannel at 3: agent speaks through ticks 3-7 -> correct; stops at 5 -> error. Neither is a response turn.
    expect(events('a*3 ba*2 a*8 .*2')).toEqual(['backchannel_correct@3']);
    expect(events('a*3 ba*2 .*8')).toEqual(['backchannel_error@3']);
    expect(metrics('a*3 ba*2 .*8').selectivityBackchannel).toBe(0);
    expect(metrics('a*3 ba*2 .*8').counts.responseTotal).toBe(0);
  });

  it('vocal tic over agent speech: error when the agent stops within 1 s', () => {
    expect(events('a*3 uat*2 .*8')).toEqual(['vocal_tic_error@3']);
    expect(metrics('a*3 uat*2 a*8 .').selectivityVocalTic).toBe(1);
  });

  it('priority is backchannel > vocal tic > non-directed > interruption', () => {
    expect(events('a*3 bat a*8 .')).toEqual(['backchannel_correct@3']);
    expect(events('a*3 uatn a*8 .')).toEqual(['vocal_tic_correct@3']);
    expect(events('a*3 uan a*8 .')).toEqual(['non_directed_correct@3']);
  });

  it('user segment with a vocal tic while the agent is silent: answering within 2 s is an error (and also a response)', () => {
    // User 2-3 with a tic; agent starts at 7 <= 4 + 10: vocal_tic_error anchored at the agent start, and the
    // ordinary response event (latency (7 - 4) × 0.2 = 0.6 s) still counts.
    expect(events('.*2 ut*2 .*3 a*3 .')).toEqual(['response@4:0.6', 'vocal_tic_error@7']);
  });

  it('out-of-turn non-directed speech while the agent is silent: correct when nobody answers', () => {
    // Inserts at 6-7 with the user silent form one run; no agent start in [6, 18].
    expect(events('a*3 .*3 n*2 .*15')).toEqual(['non_directed_correct@6']);
    expect(metrics('a*3 .*3 n*2 .*15').selectivityNonDirected).toBe(1);
  });

  it('out-of-turn vocal tic answered by the agent is an error at the agent start', () => {
    // Tic run 2-2; the agent starts at 6 <= 3 + 10.
    expect(events('.*2 t .*3 a*4 .')).toEqual(['vocal_tic_error@6']);
  });

  it('out-of-turn: a tick carrying both kinds scores each kind once', () => {
    expect(events('.*2 tn .*3 a*4 .').sort()).toEqual(['non_directed_error@6', 'vocal_tic_error@6']);
  });

  it('out-of-turn insert under agent speech: error if the agent stops within 1 s, and no event at all otherwise', () => {
    // Tic at 2 inside agent speech 0-4: (5 - 2) × 0.2 = 0.6 s <= 1 s -> error.
    expect(events('a*2 at a*2 .*3')).toEqual(['vocal_tic_error@2']);
    // Agent speaks until 13: 2.2 s > 1 s -> tau2 records nothing (not a correct event).
    expect(events('a*2 at a*10 .')).toEqual([]);
    expect(metrics('a*2 at a*10 .').selectivityVocalTic).toBeNull();
  });
});

describe('end-of-call artifact', () => {
  it('drops a final 1-tick user segment before scoring', () => {
    // Without the trim, the user onset at 5 over agent speech would be a no_yield.
    expect(events('a*5 ua')).toEqual([]);
    expect(events('a*5 ua ua')).toEqual(['no_yield@5']);
  });
});

describe('run aggregation', () => {
  it('pools events across simulations (not a mean of per-simulation rates)', () => {
    // Sim A: 1 of 2 turns answered (latency 1.0 s). Sim B: 3 of 3 answered with latencies 0.2 s each.
    // Pooled R_R = 4/5 = 0.8 (the mean of per-simulation rates would be 0.75);
    // pooled L_R = (1.0 + 0.2 × 3) / 4 = 0.4.
    const a = { id: 'a', ticks: scriptTicks('u*5 .*10 u*5 .*5 a*3 .*3') };
    const b = { id: 'b', ticks: scriptTicks('u . a . u . a . u . a .') };
    const half = { id: 'half-duplex', ticks: [] };
    const run = runMetrics([a, b, half]);
    expect(run.counts.simulations).toBe(2);
    expect(run.responseRate).toBe(0.8);
    expect(run.responseLatencyMeanSec).toBeCloseTo(0.4, 12);
  });

  it('refuses a run without ticks, as tau2 does', () => {
    expect(() => runMetrics([{ id: 'text', ticks: [] }])).toThrow(/full-duplex/);
    expect(() => simulationMetrics([])).toThrow(/full-duplex/);
  });
});
