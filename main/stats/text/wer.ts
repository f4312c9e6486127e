/** Word error rate between a reference and a hypothesis transcript (Levenshtein alignment over words). */
import { normalizeWords } from './normalize-words';
import type { WordErrors } from '../../../shared/types/word-errors';

const rate = (errors: number, n: number): number | null => (n > 0 ? errors / n : null);

/**
 * Counts of a minimum-edit alignment of two word lists (each edit costs 1). Among alignments of equal cost the
 * backtrace prefers a hit or substitution, then a deletion, then an insertion, so the counts are deterministic.
 */
export function alignWords(reference: readonly string[], hypothesis: readonly string[]): WordErrors {
  const n = reference.length;
  const m = hypothesis.length;
  const d: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = 0; i <= n; i++) d[i][0] = i;
  for (let j = 0; j <= m; j++) d[0][j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const diagonal = d[i - 1][j - 1] + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      d[i][j] = Math.min(diagonal, d[i - 1][j] + 1, d[i][j - 1] + 1);
    }
  }
  const counts = { hits: 0, substitutions: 0, deletions: 0, insertions: 0 };
  let [i, j] = [n, m];
  while (i > 0 || j > 0) {
    const same = i > 0 && j > 0 && reference[i - 1] === hypothesis[j - 1];
    if (i > 0 && j > 0 && d[i][j] === d[i - 1][j - 1] + (same ? 0 : 1)) {
      counts[same ? 'hits' : 'substitutions']++;
      [i, j] = [i - 1, j - 1];
    } else if (i > 0 && d[i][j] === d[i - 1][j] + 1) {
      counts.deletions++;
      i--;
    } else {
      counts.insertions++;
      j--;
    }
  }
  const errors = counts.substitutions + counts.deletions + counts.insertions;
  return { referenceWords: n, ...counts, wer: rate(errors, n) };
}

/** The word error rate of `hypothesis` against `reference`, both normalized with `normalizeWords`. */
export function wordErrors(reference: string, hypothesis: string): WordErrors {
  return alignWords(normalizeWords(reference), normalizeWords(hypothesis));
}

/** Pools several pairs as jiwer and sclite do over a corpus: total errors over total reference words. */
export function pooledWordErrors(pairs: readonly WordErrors[]): WordErrors {
  const sum = (k: 'referenceWords' | 'hits' | 'substitutions' | 'deletions' | 'insertions') =>
    pairs.reduce((acc, p) => acc + p[k], 0);
  const errors = sum('substitutions') + sum('deletions') + sum('insertions');
  return {
    referenceWords: sum('referenceWords'),
    hits: sum('hits'),
    substitutions: sum('substitutions'),
    deletions: sum('deletions'),
    insertions: sum('insertions'),
    wer: rate(errors, sum('referenceWords')),
  };
}
