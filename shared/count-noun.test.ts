import { describe, expect, it } from 'vitest';
import { countNoun, importCounts } from './count-noun';

describe('countNoun', () => {
  it('puts the noun in the singular for one and in the plural otherwise', () => {
    expect(countNoun(1, 'episode')).toBe('1 episode');
    expect(countNoun(0, 'episode')).toBe('0 episodes');
    expect(countNoun(2, 'analysis', 'analyses')).toBe('2 analyses');
    expect(importCounts({ episodes: 1, turns: 26, audio: 1 })).toBe('1 episode, 26 turns, 1 audio file');
  });
});
