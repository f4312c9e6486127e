import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test-support/fixtures';
import { TAU2_VOICE } from '../../../test-support/fixture-counts';
import type { BatchTurn } from '../batch';
import { EFFECT_BITS, tickRowsFromRuns, type TickRun } from '../../stats/interaction/tick-runs';
import { readTau2 } from './read-tau2';

const speech = (turns: BatchTurn[], speaker: string) => turns.filter((t) => t.speaker === speaker && !t.tool);

describe('readTau2 on the τ-Voice experiment fixture', async () => {
  const batch = await readTau2(fixture('tau2-voice', 'experiment'));
  const byTask = new Map(batch.episodes.map((e) => [e.task, e]));
  // Tasks, ticks and the counts of task 40: scripts/recount/tau2-voice.mjs (TAU2_VOICE).
  const { task40 } = TAU2_VOICE;

  it('reads the three full-duplex simulations with their ids, tasks and tick counts', () => {
    expect(batch.format).toBe('tau2');
    expect(batch.benchmark).toBe('tau-voice');
    expect(batch.skipped).toBe(0);
    expect(batch.warnings).toEqual([]);
    const ticks = (e: (typeof batch.episodes)[number]) => tickRowsFromRuns(e.info.tickRuns as TickRun[]).length;
    expect(batch.episodes.map((e) => [e.externalId, e.task, ticks(e)])).toEqual(
      TAU2_VOICE.simulations.map((s) => [s.id, s.task, s.ticks]),
    );
  });

  it('takes system, condition, trial and duration from run info and the simulation', () => {
    for (const e of batch.episodes) {
      expect(e.system).toBe('openai:gpt-realtime-2');
      expect(e.condition).toEqual({ domain: 'retail', speech_complexity: 'regular' });
      expect(e.trial).toBe(0);
      expect(e.info.mode).toBe('full_duplex');
      expect(e.info.terminationReason).toBe('user_stop');
      expect(e.info.tickDurationMs).toBe(TAU2_VOICE.tickMs);
      expect(e.outcome).toBeNull();
      expect(e.reward).toBeNull();
      expect(e.judgements).toEqual([]);
    }
    expect(byTask.get('40')!.durationMs).toBe(task40.durationMs);
    expect(batch.studyInfo).toMatchObject({ environment_info: { domain_name: 'retail' }, agent_info: { llm: 'openai:gpt-realtime-2' } });
  });

  it('rebuilds turns from speech runs: both speakers, 200 ms grid, no overlap within a speaker', () => {
    for (const e of batch.episodes) {
      for (const speaker of ['user', 'agent']) {
        const turns = speech(e.turns, speaker);
        expect(turns.length).toBeGreaterThan(0);
        for (const [i, t] of turns.entries()) {
          expect(t.startMs! % 200).toBe(0);
          expect(t.endMs!).toBeGreaterThan(t.startMs!);
          if (i > 0) expect(t.startMs!).toBeGreaterThan(turns[i - 1].endMs!);
        }
      }
      const starts = e.turns.map((t) => t.startMs!);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
    }
    const first = speech(byTask.get('40')!.turns, 'user')[0];
    expect([first.startMs, first.endMs]).toEqual(task40.firstUserSpeechMs);
  });

  it('keeps per-tick speech, actions and effects for the interaction metrics', () => {
    const e = byTask.get('40')!;
    const runs = e.info.tickRuns as TickRun[];
    expect(runs.length).toBeLessThan(150);
    const rows = tickRowsFromRuns(runs);
    expect(rows.map((r) => r[0])).toEqual(rows.map((_, i) => i));
    expect(rows[0]).toEqual([0, 0, 0, 'wait', null, 0, 0]);
    expect(rows.filter((r) => r[1] === 1)).toHaveLength(task40.userSpeechTicks);
    expect(rows.filter((r) => r[2] === 1)).toHaveLength(task40.agentSpeechTicks);
    expect(rows.filter((r) => r[3] === 'backchannel')).toHaveLength(task40.userBackchannels);
    expect(rows.filter((r) => r[5] & EFFECT_BITS.muffling)).toHaveLength(task40.userMuffledTicks);
    const effects = e.info.tickEffects as [number, string, string, string | null][];
    expect(effects.filter((x) => x[2] === 'burst_noise').map((x) => x[3])).toContain('dog_bark.wav');
    expect(effects.some((x) => x[2] === 'non_directed_speech' && x[3] === 'Give me a moment.')).toBe(true);
    expect(effects.every((x) => x[3] === null || !x[3].includes('/'))).toBe(true);
  });
});
