/** The normalization both transcripts go through before their word error rate (docs/runner.md, "Word error rate"). */
import { numberWords } from './number-words';

/** Symbols read as words. */
const SYMBOLS: Record<string, string> = { '%': ' percent ', '&': ' and ', '+': ' plus ', '@': ' at ' };

/**
 * The words of a transcript: Unicode NFKC, lower case, typographic apostrophes made ASCII, `%`/`&`/`+`/`@` read as
 * words, numbers in digits spelled out (`1,200` → one thousand two hundred, `3.5` → three point five), every other
 * character that is not a letter, digit or an apostrophe inside a word treated as a space, and runs of space collapsed.
 */
export function normalizeWords(text: string): string[] {
  let s = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");
  s = s.replace(/[%&+@]/g, (c) => SYMBOLS[c]);
  s = s.replace(/\d+(?:,\d{3})*(?:\.\d+)?|\.\d+/g, (n) => ` ${numberWords(n).join(' ')} `);
  s = s.replace(/[^\p{L}\p{N}']+/gu, ' ').replace(/(^|\s)'+|'+(?=\s|$)/g, ' ');
  return s.split(/\s+/).filter(Boolean);
}
