/** Types of benchmark runs and LLM judging, as they cross a transport. Plain data only. */
import type { TranscriptionRow } from './word-errors';
import type { Benchmark } from '../domain';

/** Where a run stands. */
export type RunStatus = 'running' | 'done' | 'cancelled' | 'failed' | 'interrupted';

/** One run of an episode set against one system, as listed. */
export interface RunSummary {
  id: number;
  studyId: number | null;
  studyName: string;
  setPath: string;
  setName: string;
  benchmark: Benchmark;
  systemId: string;
  systemKind: 'realtime' | 'cascade' | 'text' | 'gemini-live';
  repeats: number;
  status: RunStatus;
  /** Episodes planned (items × repeats), finished and failed. */
  planned: number;
  done: number;
  failed: number;
  createdAt: string;
  finishedAt: string | null;
  /** The job carrying the run while it is running in this process. */
  jobId: string | null;
  error: string | null;
}

/** One planned episode of a run: an item of the set and a repeat number. */
export interface RunEpisodeState {
  itemId: string;
  trial: number;
  status: 'done' | 'failed';
  externalId: string;
  episodeId: number | null;
  /** Median first-audio delay over the episode's agent turns, ms. */
  firstAudioMs: number | null;
  label: string | null;
  error: string | null;
  attempts: number;
}

/** Medians over the repeats of one item. */
export interface RunItemSummary {
  itemId: string;
  trials: number;
  /** Median over repeats of each episode's median first-audio delay, ms. */
  medianFirstAudioMs: number | null;
  /** Median over repeats of the episode reward (1 correct, 0 not), when judged. */
  medianReward: number | null;
  labels: string[];
}

/** A run with its episodes and per-item medians. */
export interface RunDetail {
  run: RunSummary;
  episodes: RunEpisodeState[];
  items: RunItemSummary[];
  /** Median over all episodes of their median first-audio delay, ms. */
  medianFirstAudioMs: number | null;
  /** Word errors of the transcribed agent replies against the system's own transcript; null when none was transcribed. */
  transcription: TranscriptionRow | null;
}

/** An example episode set or system config shipped with the studio. */
export interface RunExample {
  kind: 'set' | 'system' | 'judge';
  name: string;
  path: string;
  description: string;
}

/** Where the API key of an endpoint comes from (the key itself never crosses a transport). */
export interface KeyStatus {
  env: string;
  source: 'env' | 'stored' | 'missing';
  /** Whether this door can store keys (Electron's safeStorage). */
  canStore: boolean;
}

/** Agreement of one judge with one human annotator over the episodes both labelled. */
export interface JudgeHumanAgreement {
  annotator: string;
  n: number;
  /** Share of those episodes with the same label; null when n = 0. */
  agreement: number | null;
  /** Cohen's κ (unweighted, nominal); null when undefined (n = 0 or no variation). */
  kappa: number | null;
}

/** One judge (id + version) compared with the humans of a study. */
export interface JudgeComparisonRow {
  judgeId: string;
  judgeVersion: string;
  episodes: number;
  /** The judge-to-field mapping the labels were compared under, or null when none relates them. */
  mapping: string | null;
  /** Why there are no figures: the judge's labels and the field are different value spaces. */
  unmapped: string | null;
  perAnnotator: JudgeHumanAgreement[];
  /** Against the majority human label (episodes with a tie or no human label left out). */
  majority: { n: number; agreement: number | null; kappa: number | null };
  /** Mean of the per-annotator κ values that are defined. */
  meanKappa: number | null;
}

/** Judges of a study ranked by their agreement with the humans. */
export interface JudgeComparison {
  studyId: number;
  field: string;
  annotators: string[];
  judges: JudgeComparisonRow[];
}
