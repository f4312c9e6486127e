/**
 * Transcription before judging: each agent reply's audio is transcribed, the judge reads that transcript, and the
 * vendor's own transcript (Realtime) or text (cascade) is kept beside it with the word error rate between them.
 */
import { pooledWordErrors, wordErrors } from '../stats/text/wer';
import type { WordErrors } from '../../shared/types/word-errors';
import type { AgentTranscript } from './transcribe';

/** One agent reply's two transcripts, as stored in the episode's `info.agentTranscripts`. */
export interface AgentTranscriptEntry {
  /** Index of the agent turn in the episode's turns. */
  turnIndex: number;
  /** What the system says it said: the Realtime audio transcript, or the cascade's text before speech. */
  vendor: string;
  /** What the transcription endpoint heard in the reply's audio. */
  transcript: string;
  model: string;
  /** Word errors of `transcript` against `vendor` (the reference), after normalization. */
  wer: WordErrors;
}

/** Which transcript becomes the agent turn's text (and so what the judge reads). */
export type JudgeReads = 'transcript' | 'vendor';

/** The entry of one reply. */
export function transcriptEntry(
  turnIndex: number,
  vendor: string,
  heard: AgentTranscript,
  model: string,
): AgentTranscriptEntry {
  return { turnIndex, vendor, transcript: heard.text, model, wer: wordErrors(vendor, heard.text) };
}

/** The agent turn's text: the transcript (default) or the vendor's text; the other when the chosen one is empty. */
export function turnText(entry: AgentTranscriptEntry, reads: JudgeReads): string {
  const [first, second] = reads === 'transcript' ? [entry.transcript, entry.vendor] : [entry.vendor, entry.transcript];
  return first || second;
}

/** The episode's word errors pooled over its replies; null without any. */
export function episodeWordErrors(entries: readonly AgentTranscriptEntry[]): WordErrors | null {
  return entries.length ? pooledWordErrors(entries.map((e) => e.wer)) : null;
}
