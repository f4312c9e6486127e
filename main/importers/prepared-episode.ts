/**
 * An episode made ready for the database: JSON columns serialized once, rows as flat lists of values (cheap to hand
 * between threads), and its content hash computed from the same text.
 */
import { createHash } from 'node:crypto';
import type { BatchEpisode } from './batch';

/** Values per turn row in `PreparedEpisode.turns`: idx, speaker, start_ms, end_ms, text, words, tool. */
export const TURN_WIDTH = 7;
/** Values per judgement: judge_id, judge_version, label, rationale, categories, votes, confidence, reward_breakdown, findings. */
export const JUDGEMENT_WIDTH = 9;
/** Values per annotation: annotator name, field, value (JSON). */
export const ANNOTATION_WIDTH = 3;
/** Values per audio link: absolute path, role, lanes (JSON). */
export const AUDIO_WIDTH = 3;

/** An episode's rows, ready to bind. */
export interface PreparedEpisode {
  externalId: string;
  /** SHA-256 of the episode's content without its audio files' content (see `contentHash`). */
  hash: string;
  /** system, task, trial, condition (JSON), outcome, reward, duration_ms, info (JSON), judge_label. */
  columns: unknown[];
  /** Condition pairs: key, value, key, value, … */
  conditions: string[];
  /** TURN_WIDTH values per turn, in order. */
  turns: unknown[];
  /** JUDGEMENT_WIDTH values per judgement, oldest first. */
  judgements: unknown[];
  /** ANNOTATION_WIDTH values per imported label. */
  annotations: unknown[];
  /** AUDIO_WIDTH values per linked audio file. */
  audio: unknown[];
  /** The searchable text: every non-empty turn text, joined by spaces. */
  text: string;
}

const json = (value: unknown): string | null => (value == null ? null : JSON.stringify(value));

/**
 * Prepares `e`. Its hash covers every column and row, and each audio link's role and lanes but not its path, so moving
 * the files does not change it; what the audio files hold is added by `contentHash`, once their hashes are known.
 */
export function prepareEpisode(e: BatchEpisode): PreparedEpisode {
  const infoJson = JSON.stringify(e.info);
  const conditionJson = JSON.stringify(e.condition);
  const turns: unknown[] = [];
  const texts: string[] = [];
  e.turns.forEach((t, i) => {
    turns.push(i, t.speaker, t.startMs, t.endMs, t.text, json(t.words), json(t.tool));
    if (t.text) texts.push(t.text);
  });
  const judgements: unknown[] = [];
  for (const j of e.judgements) {
    judgements.push(j.judgeId, j.judgeVersion ?? '', j.label, j.rationale ?? '', JSON.stringify(j.categories ?? []), JSON.stringify(j.votes ?? []),
      j.confidence ?? null, json(j.rewardBreakdown), JSON.stringify(j.findings ?? []));
  }
  const annotations: unknown[] = [];
  for (const a of e.annotations) annotations.push(a.annotator, a.field, JSON.stringify(a.value));
  const audio: unknown[] = [];
  const audioLinks: unknown[] = [];
  for (const a of e.audio) {
    const lanes = JSON.stringify(a.lanes);
    audio.push(a.path, a.role, lanes);
    audioLinks.push(a.role, lanes);
  }
  const conditions: string[] = [];
  for (const [key, value] of Object.entries(e.condition)) conditions.push(key, String(value));
  const judgeLabel = e.judgements.at(-1)?.label ?? null;
  const columns = [e.system, e.task, e.trial, conditionJson, e.outcome, e.reward, e.durationMs, infoJson, judgeLabel];
  // info, usually the largest column, is hashed as the text already made instead of being escaped into another JSON
  const hash = createHash('sha256')
    .update(JSON.stringify([e.externalId, e.system, e.task, e.trial, conditionJson, e.outcome, e.reward, e.durationMs, judgeLabel]))
    .update(infoJson)
    .update(JSON.stringify([turns, judgements, annotations, audioLinks]))
    .digest('hex');
  return { externalId: e.externalId, hash, columns, conditions, turns, judgements, annotations, audio, text: texts.join(' ') };
}

/** The episode's content hash: its prepared hash, with the content hash of each audio file it links when it links any. */
export function contentHash(e: PreparedEpisode, audioSha256: (path: string) => string): string {
  if (e.audio.length === 0) return e.hash;
  const h = createHash('sha256').update(e.hash);
  for (let i = 0; i < e.audio.length; i += AUDIO_WIDTH) h.update(audioSha256(e.audio[i] as string));
  return h.digest('hex');
}
