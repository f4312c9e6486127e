/** The normalized batch every importer produces and the one writer consumes. */
import type { Benchmark, JudgeFinding, Speaker, ToolEvent, WordTiming } from '../../shared/domain';
import { DomainError } from '../domain/errors';

/** A turn as read from a source file. */
export interface BatchTurn {
  speaker: Speaker;
  startMs: number | null;
  endMs: number | null;
  text: string;
  words?: WordTiming[] | null;
  tool?: ToolEvent | null;
}

/** An audio file referenced by an episode; `path` is absolute and already checked to lie inside the import root. */
export interface BatchAudio {
  path: string;
  role: string;
  /** Which speaker each channel carries, e.g. ['user', 'agent'] for a τ-Voice both.wav. */
  lanes: Speaker[];
}

/** A judge's output as read from a source file. */
export interface BatchJudgement {
  judgeId: string;
  judgeVersion?: string;
  label: string;
  rationale?: string;
  categories?: string[];
  votes?: string[];
  confidence?: number | null;
  rewardBreakdown?: Record<string, number> | null;
  findings?: JudgeFinding[];
}

/** A human label that arrives with the data (e.g. τ-Elicitation's two raters). */
export interface BatchAnnotation {
  annotator: string;
  field: string;
  value: unknown;
}

/** One episode (call) of a batch. */
export interface BatchEpisode {
  externalId: string;
  system: string;
  task: string;
  trial: number;
  condition: Record<string, string>;
  outcome: string | null;
  reward: number | null;
  durationMs: number | null;
  info: Record<string, unknown>;
  turns: BatchTurn[];
  audio: BatchAudio[];
  judgements: BatchJudgement[];
  annotations: BatchAnnotation[];
}

/**
 * What an import brings besides its episodes. A reader that streams fills `skipped`, `warnings` and `studyInfo` as it
 * goes; the writer takes them once the last episode is read.
 */
export interface ImportHeader {
  format: string;
  benchmark: Benchmark;
  /** Suggested study name when the user gives none. */
  studyName: string;
  studyInfo: Record<string, unknown>;
  /** One line about the study, when the source has one. */
  studyDescription?: string;
  /** The file or folder imported, for messages and the import record. */
  source: string;
  skipped: number;
  warnings: string[];
}

/** What a streamed reader yields as it reads: its header once, before its first episode, then each episode. */
export type ImportItem = { kind: 'header'; header: ImportHeader } | { kind: 'episode'; episode: BatchEpisode };

/** Everything a streamed reader yields, kept in one batch (the header with every episode). */
export function collectBatch(items: Iterable<ImportItem>): ImportBatch {
  let header: ImportHeader | null = null;
  const episodes: BatchEpisode[] = [];
  for (const item of items) {
    if (item.kind === 'header') header = item.header;
    else episodes.push(item.episode);
  }
  if (!header) throw new Error('the reader gave no header');
  return { ...header, episodes };
}

/** Everything one import brings: a study's worth of episodes from one source. */
export interface ImportBatch extends ImportHeader {
  episodes: BatchEpisode[];
}

/** A fault in imported data, naming the file, the record and the field: invalid input in the domain's vocabulary. */
export class ImportError extends DomainError {
  constructor(
    readonly file: string,
    readonly record: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super('invalid_input', `${file}: ${record}: ${field}: ${problem}`);
  }
}
