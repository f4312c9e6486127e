import { describe, expect, it } from 'vitest';
import { failureDistribution, labelShares, type FailureLabel } from './failure-distribution';

const label = (system: string, source: string | null, subtype: string | null): FailureLabel => ({ episode: `${system}-${source}-${subtype}`, system, source, subtype });

describe('failureDistribution', () => {
  it('counts sources and subtypes per system with shares over labelled calls', () => {
    // A: sources agent, agent, user, no_error, (none) → 4 labelled: agent 2/4, no_error 1/4, user 1/4; 1 unlabelled.
    //    subtypes transcription_error, logical_error → 1/2 each.
    // B: unresolved → 1/1.
    const rows = failureDistribution([
      label('A', 'agent', 'transcription_error'),
      label('A', 'agent', 'logical_error'),
      label('A', 'user', null),
      label('A', null, null),
      label('A', 'no_error', null),
      label('B', 'unresolved', null),
    ]);
    expect(rows[0]).toEqual({
      system: 'A',
      calls: 5,
      unlabelledSource: 1,
      sources: [
        { label: 'agent', count: 2, share: 0.5 },
        { label: 'no_error', count: 1, share: 0.25 },
        { label: 'user', count: 1, share: 0.25 },
      ],
      subtypes: [
        { label: 'logical_error', count: 1, share: 0.5 },
        { label: 'transcription_error', count: 1, share: 0.5 },
      ],
    });
    expect(rows[1].sources).toEqual([{ label: 'unresolved', count: 1, share: 1 }]);
    expect(rows[1].subtypes).toEqual([]);
  });

  it('labelShares orders by count, then name', () => {
    expect(labelShares(['b', 'a', 'b', null, 'c', 'a', 'b']).map((s) => [s.label, s.count])).toEqual([['b', 3], ['a', 2], ['c', 1]]);
  });
});
