/** Domain types shared by the main side and the renderer. Plain data only: everything here crosses a transport. */

/** Benchmarks the studio knows how to carry. */
export type Benchmark = 'tau-voice' | 'tau-elicitation' | 'vera' | 'dsb-dg' | 'generic';

/** Who produced a turn. */
export type Speaker = 'user' | 'agent' | 'tool' | 'system';

/** A study as listed in the study picker. */
export interface StudySummary {
  id: number;
  name: string;
  benchmark: Benchmark;
  description: string;
  episodeCount: number;
  blind: boolean;
  createdAt: string;
}

/** One row of the episode list. */
export interface EpisodeRow {
  id: number;
  externalId: string;
  benchmark: Benchmark;
  system: string;
  task: string;
  trial: number;
  condition: Record<string, string>;
  outcome: string | null;
  reward: number | null;
  durationMs: number | null;
  judgeLabel: string | null;
}

/** A tool call or tool result carried by a turn. */
export interface ToolEvent {
  name: string;
  arguments: unknown;
  result: string | null;
}

/** A word with its timing inside the call, when the source gives word timestamps. */
export interface WordTiming {
  text: string;
  startMs: number;
  endMs: number;
}

/** One transcript entry: speech by a speaker, or a tool event. */
export interface Turn {
  id: number;
  index: number;
  speaker: Speaker;
  startMs: number | null;
  endMs: number | null;
  text: string;
  words: WordTiming[] | null;
  tool: ToolEvent | null;
  /** True when the times were estimated by aligning the transcript to the audio (docs/alignment.md). */
  aligned?: boolean;
}

/** Metadata of an audio asset attached to an episode (no samples, no peaks). */
export interface AudioAssetInfo {
  id: number;
  role: string;
  lanes: Speaker[];
  sampleRate: number;
  channels: number;
  durationMs: number;
  format: string;
}

/** A judge's output for one episode. */
export interface Judgement {
  id: number;
  judgeId: string;
  judgeVersion: string;
  label: string;
  rationale: string;
  categories: string[];
  votes: string[];
  confidence: number | null;
  rewardBreakdown: Record<string, number> | null;
  findings: JudgeFinding[];
}

/** A finding of the judge, optionally tied to a time range of the call. */
export interface JudgeFinding {
  text: string;
  startMs: number | null;
  endMs: number | null;
  category: string | null;
}

/** Everything the replay view needs for one episode. */
export interface EpisodeDetail {
  episode: EpisodeRow & { studyId: number; info: Record<string, unknown> };
  turns: Turn[];
  audio: AudioAssetInfo[];
  judgements: Judgement[];
  /** True when the study hides the judge from this annotator until they commit (judgements are then withheld). */
  judgeHidden: boolean;
  /** True when the study hides the call's gold/reference from this annotator until they commit (the `info` keys
   * carrying it are then withheld); absent when it is shown. */
  referenceHidden?: boolean;
}

/** Precomputed waveform peaks of an asset: per channel, the maximum absolute amplitude of each bucket, as bytes
 * (0–255 for 0–1), channel-major, base64-encoded — a fifth of the size of JSON numbers, decoded in the renderer. */
export interface AudioPeaks {
  assetId: number;
  channels: number;
  buckets: number;
  data: string;
  peaksPerSecond: number;
  durationMs: number;
}

/** A spectrogram of a time window: dB magnitudes scaled 0–255, column-major, base64-encoded; bin 0 is 0 Hz. */
export interface SpectrogramImage {
  startMs: number;
  endMs: number;
  columns: number;
  bins: number;
  maxHz: number;
  data: string;
}

/** Facts about the running studio. */
export interface AppInfo {
  version: string;
  dbPath: string;
  door: 'electron' | 'web';
}
