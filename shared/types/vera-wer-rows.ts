/** Result rows of VERA's word error rates: spoken answer against its text, question audio against the question text. */
import type { BootstrapInterval } from './bootstrap-interval';
import type { WordErrors } from './word-errors';

/** What is compared: the spoken answer's transcript with the system's own answer text, or the system's transcript of
 * the question audio with the question text. */
export type VeraWerKind = 'answer' | 'question';

/** Pooled word errors of some responses with the interval of the pooled WER (items resampled). */
export type PooledWer = WordErrors & {
  /** Items (VERA episodes) with at least one pair. */
  items: number;
  /** Reference–hypothesis pairs (replies or question turns). */
  pairs: number;
  interval: BootstrapInterval;
};

/** One system's word errors of one kind, overall and per track. */
export interface VeraWerRow {
  system: string;
  kind: VeraWerKind;
  /** Responses (episodes) of the system with at least one pair. */
  responses: number;
  /** Responses of the system without any pair (no transcript stored). */
  without: number;
  overall: PooledWer;
  tracks: (PooledWer & { track: string })[];
}

/** VERA's word error rates: rows per system and kind, and why a kind has none. */
export interface VeraWerSection {
  answer: VeraWerRow[];
  question: VeraWerRow[];
  /** Why there is no answer WER (null when some system has one). */
  answerAbsent: string | null;
  /** Why there is no question WER (null when some system has one). */
  questionAbsent: string | null;
}
