/**
 * Scripted transcription errors: the fake's transcription endpoint can hear some words of a reply wrongly, so tests
 * get a transcript that differs from the text the speech was made from (the vendor transcript) by known edits.
 */

/**
 * Which transcription model mishears, and how: each word `from` (case-insensitive, punctuation around it ignored) is
 * heard as `to`, without that punctuation ('' drops the word).
 */
export interface Mishearing {
  model: string;
  words: Record<string, string>;
}

/** A word with its times, s. */
export interface TimedWord {
  word: string;
  start: number;
  end: number;
}

/** The words as misheard: a replaced word's span is shared evenly by the words it became. */
export function mishearWords(words: readonly TimedWord[], edits: Record<string, string>): TimedWord[] {
  const lookup = new Map(Object.entries(edits).map(([from, to]) => [from.toLowerCase(), to]));
  return words.flatMap((w) => {
    const to = lookup.get(w.word.replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '').toLowerCase());
    if (to === undefined) return [w];
    const parts = to.split(/\s+/).filter(Boolean);
    const step = (w.end - w.start) / Math.max(1, parts.length);
    const at = (k: number) => Math.round((w.start + k * step) * 1000) / 1000;
    return parts.map((word, k) => ({ word, start: at(k), end: at(k + 1) }));
  });
}
