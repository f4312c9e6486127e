import { describe, expect, it } from 'vitest';
import type { AdjudicationItem } from '../../../shared/types/annotation';
import { nextUndecided } from './adjudication-queue';

const item = (episodeId: number, status: AdjudicationItem['status'], final: string | null): AdjudicationItem => ({
  episodeId, externalId: `e${episodeId}`, system: 's', labels: [], judgeLabel: null, status, final, rationale: '',
});

describe('nextUndecided', () => {
  const queue = [
    item(1, 'decided', 'agent'),
    item(2, 'disputed', null),
    item(3, 'unresolved', 'unresolved'),
    item(4, 'disputed', null),
  ];

  it('takes the next item without a final label after the current one, wrapping round', () => {
    expect(nextUndecided(queue, 2)?.episodeId).toBe(4);
    expect(nextUndecided(queue, 4)?.episodeId).toBe(2);
    expect(nextUndecided(queue, 1)?.episodeId).toBe(2);
  });

  it('skips decided, unresolved and accepted unanimous items, and gives null when nothing is left', () => {
    const done = [
      item(1, 'decided', 'agent'),
      item(2, 'unanimous', 'user'),
      item(3, 'unresolved', 'unresolved'),
      item(5, 'unanimous', null),
    ];
    expect(nextUndecided(done, 1)?.episodeId).toBe(5);
    expect(nextUndecided(done, 5)).toBeNull();
    expect(nextUndecided([], null)).toBeNull();
  });
});
