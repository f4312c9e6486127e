import { describe, expect, it } from 'vitest';
import { tau2Tick, type Tau2Tick } from './schema';
import { inCallOrder, speechRuns, tickToolEvents } from './ticks-to-turns';

const ticks = (rows: [number, boolean, boolean, string?, string?][]): Tau2Tick[] =>
  rows.map(([tick_id, user, agent, userText, agentText]) =>
    tau2Tick.parse({
      tick_id,
      user_chunk: { contains_speech: user, content: userText ?? null },
      agent_chunk: { contains_speech: agent, content: null, raw_data: agentText ? { proportional_transcript: agentText } : null },
    }),
  );

describe('speechRuns', () => {
  it('makes one turn per run of consecutive speech ticks, from first id × tick to (last + 1) × tick', () => {
    const t = ticks([[0, false, false], [1, true, false, 'Hel'], [2, true, false, 'lo'], [3, false, true, undefined, 'Hi '], [4, false, true, undefined, 'there'], [5, true, false]]);
    expect(speechRuns(t, 'user', 200)).toEqual([
      { speaker: 'user', startMs: 200, endMs: 600, text: 'Hello', tool: null },
      { speaker: 'user', startMs: 1000, endMs: 1200, text: '', tool: null },
    ]);
    expect(speechRuns(t, 'agent', 200)).toEqual([{ speaker: 'agent', startMs: 600, endMs: 1000, text: 'Hi there', tool: null }]);
  });

  it('splits a run where tick ids jump, and rounds odd tick lengths to whole milliseconds', () => {
    const t = ticks([[10, true, false], [11, true, false], [14, true, false]]);
    expect(speechRuns(t, 'user', 100 / 3).map((x) => [x.startMs, x.endMs])).toEqual([[333, 400], [467, 500]]);
  });

  it('treats missing chunks as silence', () => {
    expect(speechRuns([tau2Tick.parse({ tick_id: 0, user_chunk: null, agent_chunk: null })], 'user', 200)).toEqual([]);
  });
});

describe('tickToolEvents and inCallOrder', () => {
  it('spans a call to the tick of its result and orders events by start', () => {
    const t = [
      tau2Tick.parse({ tick_id: 0, user_tool_calls: [{ id: 'u', name: 'toggle_airplane_mode', arguments: {}, requestor: 'user' }] }),
      tau2Tick.parse({ tick_id: 1, user_tool_results: [{ id: 'u', role: 'tool', content: 'done' }], agent_tool_results: [{ id: 'x', role: 'tool', content: 'orphan' }] }),
    ];
    const events = tickToolEvents(t, 200);
    expect(events.map((e) => [e.speaker, e.startMs, e.endMs, e.tool?.name, e.tool?.result])).toEqual([
      ['user', 0, 400, 'toggle_airplane_mode', 'done'],
      ['tool', 200, 400, '', 'orphan'],
    ]);
    const speech = speechRuns(ticks([[0, false, true]]), 'agent', 200);
    expect(inCallOrder([...events.slice(1), ...speech]).map((x) => x.startMs)).toEqual([0, 200]);
  });
});
