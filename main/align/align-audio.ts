/** Aligns a call's turns to its audio file: each channel's voice activity (WebRTC VAD), then the plan of turns. */
import type { Speaker } from '../../shared/domain';
import { DEFAULT_SEGMENT_OPTIONS, framesToSegments, type SegmentOptions } from './segments';
import { planAlignment, type AlignmentPlan, type AlignTurn } from './plan-alignment';
import { VAD_FRAME_MS, type Aggressiveness } from './vad';
import { wavVoiceActivity } from './lanes-vad';

/** The settings an alignment can be re-run with. */
export interface AlignSettings extends SegmentOptions {
  aggressiveness: Aggressiveness;
}

/** Defaults tuned on the alignment bench (docs/alignment.md). */
export const DEFAULT_ALIGN_SETTINGS: AlignSettings = { aggressiveness: 3, ...DEFAULT_SEGMENT_OPTIONS };

/** Each channel's speech segments in the WAV at `file`, and the file's duration. */
export async function channelSegments(file: string, settings: AlignSettings) {
  const { flags, durationMs } = await wavVoiceActivity(file, settings.aggressiveness);
  const channels = flags.map((f) => framesToSegments(f, VAD_FRAME_MS, settings));
  return { channels, durationMs };
}

/** Start and end of each spoken turn on the call in `file`, whose channels carry `lanes`. */
export async function alignToAudio(
  turns: readonly AlignTurn[],
  file: string,
  lanes: readonly Speaker[],
  settings: AlignSettings = DEFAULT_ALIGN_SETTINGS,
): Promise<AlignmentPlan> {
  const { channels } = await channelSegments(file, settings);
  return planAlignment(turns, lanes, channels);
}
