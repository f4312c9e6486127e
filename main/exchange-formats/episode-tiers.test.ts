import { describe, expect, it } from 'vitest';
import { episodeTiers, valueText, type EpisodeExchange } from './episode-tiers';
import { tiersToEpisode } from './tiers-to-episode';

const episode: EpisodeExchange = {
  durationMs: 10_000,
  turns: [
    { speaker: 'user', startMs: 0, endMs: 1200, text: 'hi' },
    { speaker: 'tool', startMs: 1300, endMs: 1400, text: 'lookup' },
    { speaker: 'agent', startMs: 1500, endMs: 4000, text: '' },
    { speaker: 'user', startMs: null, endMs: null, text: 'untimed' },
  ],
  labels: [
    {
      annotator: 'Ana',
      values: { regions: ['500-900 talk-over', '800-1000 '], error_source: 'agent', first_error_ms: 1500, notes: null },
    },
    { annotator: 'Ben', values: { regions: ['2000-3000 echo'], tags: ['a', 'b'], judge_agree: false } },
  ],
};

describe('an episode as tiers and back', () => {
  it('gives a tier per speaker with the timed turns, per annotator their regions and one tier per label', () => {
    const doc = episodeTiers(episode, '-');
    expect(doc.durationMs).toBe(10_000);
    expect(doc.tiers.map((t) => [t.name, t.intervals.map((i) => `${i.startMs}-${i.endMs} ${i.text}`)])).toEqual([
      ['user', ['0-1200 hi']],
      ['agent', ['1500-4000 -']],
      ['Ana/regions', ['500-900 talk-over', '800-1000 -']],
      ['Ana/error_source', ['0-10000 agent']],
      ['Ana/first_error_ms', ['1500-10000 1500']],
      ['Ben/regions', ['2000-3000 echo']],
      ['Ben/judge_agree', ['0-10000 no']],
      ['Ben/tags', ['0-10000 a; b']],
    ]);
    expect(valueText(true)).toBe('yes');
  });

  it('reads the turns and the importing annotator’s regions back, and says which tiers it left out', () => {
    const read = tiersToEpisode(episodeTiers(episode, '-'), 'f.TextGrid', { annotator: 'Ben', emptyText: '-' });
    expect(read.turns).toEqual([
      { speaker: 'user', startMs: 0, endMs: 1200, text: 'hi' },
      { speaker: 'agent', startMs: 1500, endMs: 4000, text: '' },
    ]);
    expect(read.regions).toEqual([{ startMs: 2000, endMs: 3000, label: 'echo' }]);
    expect(read.regionsTier).toBe('Ben/regions');
    expect(read.leftOut).toHaveLength(5);
    expect(read.leftOut[0]).toBe('tier "Ana/regions" (2 intervals): not a speaker\'s turns or the regions imported');
  });

  it('asks which regions to take when several annotators’ are there and none is the importer’s', () => {
    const doc = episodeTiers(episode);
    expect(() => tiersToEpisode(doc, 'f.eaf', { annotator: 'Cleo' })).toThrow(
      'f.eaf: tiers: regions tier: several region tiers ("Ana/regions", "Ben/regions"); name the one to import',
    );
    const read = tiersToEpisode(doc, 'f.eaf', { annotator: 'Cleo', regionsTier: 'Ana/regions' });
    expect(read.regions?.map((r) => r.label)).toEqual(['talk-over', '']);
    expect(() => tiersToEpisode(doc, 'f.eaf', { annotator: 'Cleo', regionsTier: 'mine' })).toThrow(
      /f\.eaf: tier "mine": regions tier: no such tier/,
    );
  });

  it('refuses files with nothing to import, reversed intervals and long region labels, naming tier and field', () => {
    const other = { durationMs: 1, tiers: [{ name: 'words', intervals: [] }] };
    expect(() => tiersToEpisode(other, 'f.eaf', { annotator: 'A' })).toThrow(/no tier of turns .* \(tiers: "words"\)/);
    const long = {
      durationMs: 1,
      tiers: [{ name: 'regions', intervals: [{ startMs: 0, endMs: 5, text: 'x'.repeat(161), site: 'line 9' }] }],
    };
    expect(() => tiersToEpisode(long, 'l.txt', { annotator: 'A' })).toThrow(
      "l.txt: line 9: label: 161 characters, more than a region's 160",
    );
    const point = { durationMs: 1, tiers: [{ name: 'User', intervals: [{ startMs: 5, endMs: 5, text: 'x' }] }] };
    expect(() => tiersToEpisode(point, 'p.txt', { annotator: 'A' })).toThrow(
      'p.txt: tier "User": end: a turn must end after it starts',
    );
  });
});
