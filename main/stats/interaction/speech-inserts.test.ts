import { describe, expect, it } from 'vitest';
import { activeInserts, outOfTurnInserts } from './speech-inserts';
import { scriptTicks } from './synthetic-ticks';
import type { InteractionTick } from './types';

describe('activeInserts', () => {
  it('reads source effects first, then speech effects, and maps non_directed_phrase to non_directed', () => {
    const [tick] = scriptTicks('utn');
    expect(activeInserts(tick.user_chunk)).toEqual([
      { kind: 'non_directed', text: 'Hold on.' },
      { kind: 'vocal_tic', text: '[cough]' },
    ]);
    expect(activeInserts(null)).toEqual([]);
  });
});

describe('outOfTurnInserts', () => {
  it('merges consecutive user-silent ticks with the same insert, and splits at user speech', () => {
    // Ticks: 0-1 tic, 2 user speech with tic (in-turn, ignored), 3 tic, 4 silence, 5-6 tic + non-directed.
    const runs = outOfTurnInserts(scriptTicks('t*2 ut t . tn*2'));
    expect(runs.map((r) => `${r.kind}:${r.start}-${r.end}`)).toEqual([
      'vocal_tic:0-2',
      'vocal_tic:3-4',
      'non_directed:5-7',
      'vocal_tic:5-7',
    ]);
  });

  it('starts a new run when the insert text changes', () => {
    const ticks: InteractionTick[] = ['[cough]', '[cough]', '[sniffle]'].map((text, i) => ({
      tick_id: i,
      agent_chunk: null,
      user_chunk: { contains_speech: false, turn_taking_action: null, speech_effects: { speech_insert: { type: 'vocal_tic', text } }, source_effects: null },
    }));
    expect(outOfTurnInserts(ticks).map((r) => [r.text, r.start, r.end])).toEqual([
      ['[cough]', 0, 2],
      ['[sniffle]', 2, 3],
    ]);
  });

  it('with the same insert twice in a tick, a continuing insert extends the most recently started run', () => {
    // Tick 0: the tic once; tick 1: twice (one continues the run from 0, one starts at 1); tick 2: once.
    const both = { contains_speech: false, turn_taking_action: null, speech_effects: { speech_insert: { type: 'vocal_tic' as const, text: 'um' } }, source_effects: null };
    const twice = { ...both, source_effects: both.speech_effects };
    const ticks: InteractionTick[] = [both, twice, both].map((user_chunk, i) => ({ tick_id: i, agent_chunk: null, user_chunk }));
    expect(outOfTurnInserts(ticks).map((r) => [r.start, r.end])).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });
});
