/** Result rows of the VERA statistics: accuracy per track and the voice–text gaps. */
import type { BootstrapInterval } from './bootstrap-interval';
import type { McNemarResult, Rate } from './benchmark-rows';

/** Grade counts and accuracy of one track. */
export interface TrackAccuracy {
  track: string;
  correct: number;
  incorrect: number;
  notAttempted: number;
  /** Responses with no grade: never counted. */
  ungraded: number;
  /** CORRECT over scored responses (NOT_ATTEMPTED scored as wrong unless the policy excludes it). */
  accuracy: Rate;
}

/** VERA accuracy of one system: per track, macro average over tracks and the pooled (micro) accuracy. */
export interface VeraAccuracyRow {
  system: string;
  tracks: TrackAccuracy[];
  /** Unweighted mean of the track accuracies that have a value. */
  macro: number | null;
  /** CORRECT over all scored responses, pooled across tracks. */
  micro: Rate;
}

/** Voice and text accuracy over a set of pairs and their gap. */
export interface GapFigure {
  pairs: number;
  voiceAccuracy: number | null;
  textAccuracy: number | null;
  /** textAccuracy − voiceAccuracy (a fraction; positive when voice lags text); null without pairs. */
  gap: number | null;
  /** Percentile bootstrap of the gap, resampling items (a pair stays together); null without pairs. */
  interval: BootstrapInterval | null;
  /**
   * McNemar with b = text right & voice wrong, c = voice right & text wrong; null unless every score is 0 or 1, and
   * null for a cell below the minimum.
   */
  test: McNemarResult | null;
  /** Fewer pairs than the minimum cell size (10): shown with its n, greyed, given no test. */
  belowMinimum: boolean;
}

/** The gap on one track, with its McNemar p adjusted (Holm) across the tracks tested. */
export type TrackGap = GapFigure & { track: string; holmP: number | null };

/** Pooled, per-track and macro-averaged voice–text gaps of one pair of runs. */
export interface VoiceTextGaps {
  /** Items of either run without a scored counterpart in the other: left out. */
  unpaired: number;
  /** Every pair pooled across tracks (micro). */
  pooled: GapFigure;
  /** Tracks in the order their first pair appears. */
  tracks: TrackGap[];
  /** Unweighted means over the tracks with pairs; the interval resamples items over all tracks. */
  macro: Omit<GapFigure, 'test' | 'belowMinimum'>;
}
