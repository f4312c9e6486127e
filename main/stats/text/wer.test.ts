import { describe, expect, it } from 'vitest';
import { normalizeWords } from './normalize-words';
import { integerWords } from './number-words';
import { alignWords, pooledWordErrors, wordErrors } from './wer';

const split = (s: string) => (s === '' ? [] : s.split(' '));

describe('word error rate', () => {
  it('gives jiwer usage example: "hello world" against "hello duck" is 0.5, one substitution', () => {
    expect(wordErrors('hello world', 'hello duck')).toEqual({
      referenceWords: 2,
      hits: 1,
      substitutions: 1,
      deletions: 0,
      insertions: 0,
      wer: 0.5,
    });
  });

  // jiwer tests/test_measures.py test_known_values, taken there from Morris, Maier & Green (2004),
  // "From WER and RIL to MER and WIL: improved evaluation measures for connected speech recognition".
  it.each([
    ['X', 'X', 0],
    ['X', 'X X Y Y', 3],
    ['X Y X', 'X Z', 2 / 3],
    ['X', 'Y', 1],
    ['X', 'Y Z', 2],
  ])('reproduces Morris et al. (2004) via jiwer: %s / %s → %d', (ref, hyp, wer) => {
    expect(alignWords(split(ref), split(hyp)).wer).toBeCloseTo(wer, 15);
  });

  it('reproduces jiwer test values for whole sentences', () => {
    expect(wordErrors('This is a test', 'This is a test').wer).toBe(0);
    expect(wordErrors('This is a test', '').wer).toBe(1);
    expect(wordErrors('This is a test', 'This test')).toMatchObject({ deletions: 2, wer: 0.5 });
    const long = wordErrors(
      'i am a short ground truth',
      'i am a considerably longer and very much incorrect hypothesis',
    );
    expect(long.wer).toBeCloseTo(7 / 6, 15);
    expect(long.hits).toBe(3);
  });

  it('pools sentences as jiwer does: total errors over total reference words', () => {
    // jiwer tests test_permutations_invariance (default transform): 0.5
    const a = pooledWordErrors([wordErrors('i', 'i am'), wordErrors('am i good', 'i good')]);
    expect(a).toMatchObject({ referenceWords: 4, insertions: 1, deletions: 1, wer: 0.5 });
    // jiwer README, WER over multiple sentences: 1 substitution + 1 deletion over 6 words
    const b = pooledWordErrors([
      wordErrors('hello world', 'hello duck'),
      wordErrors('i like monthy python', 'i like python'),
    ]);
    expect(b).toMatchObject({ referenceWords: 6, substitutions: 1, deletions: 1, wer: 2 / 6 });
  });

  it('is null without reference words, and counts insertions then', () => {
    expect(wordErrors('', 'something')).toMatchObject({ referenceWords: 0, insertions: 1, wer: null });
    expect(pooledWordErrors([]).wer).toBeNull();
  });
});

describe('normalization before the word error rate', () => {
  it('ignores case, punctuation and spacing', () => {
    expect(normalizeWords('  Twenty cents, per item -- per DAY!  ')).toEqual([
      'twenty',
      'cents',
      'per',
      'item',
      'per',
      'day',
    ]);
    expect(wordErrors('Books are lent for three weeks.', 'books  are lent for three weeks')).toMatchObject({ wer: 0 });
  });

  it('keeps apostrophes inside words, typographic or not, and drops quotes around them', () => {
    expect(normalizeWords("Don\u2019t say 'maybe'; it's fine")).toEqual(["don't", 'say', 'maybe', "it's", 'fine']);
  });

  it('spells numbers out, so "20" and "twenty" are the same word', () => {
    expect(normalizeWords('20 cents')).toEqual(['twenty', 'cents']);
    expect(normalizeWords('1,205 items at 3.5%')).toEqual([
      'one',
      'thousand',
      'two',
      'hundred',
      'five',
      'items',
      'at',
      'three',
      'point',
      'five',
      'percent',
    ]);
    expect(wordErrors('It costs $5.', 'it costs five')).toMatchObject({ wer: 0 });
  });

  it('spells whole numbers across scales', () => {
    expect(integerWords('0')).toEqual(['zero']);
    expect(integerWords('115')).toEqual(['one', 'hundred', 'fifteen']);
    expect(integerWords('2000040')).toEqual(['two', 'million', 'forty']);
    expect(integerWords('90')).toEqual(['ninety']);
  });
});
