/** Result rows of the word error rate between the agent's transcribed replies and the system's own transcript. */

/** The alignment counts of one reference–hypothesis pair, or of several pooled. */
export interface WordErrors {
  /** Words in the (normalized) reference: N. */
  referenceWords: number;
  hits: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  /** (S + D + I) / N; null when the reference has no words. */
  wer: number | null;
}

/** One system's transcription word errors: every transcribed reply of its episodes, pooled. */
export interface TranscriptionRow extends WordErrors {
  system: string;
  /** Transcription model(s) used, comma-separated. */
  model: string;
  episodes: number;
  replies: number;
  /** Median of the replies' own WER (replies without reference words left out); null without any. */
  medianReplyWer: number | null;
}
