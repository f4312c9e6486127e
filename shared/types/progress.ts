/** Progress marks of the episode list: the current annotator's own progress on a call, and the study's on it. */

/** The current annotator's progress on a call: no label yet, labels not committed, or committed. */
export const MY_PROGRESS = ['unlabelled', 'in_progress', 'committed'] as const;
/** The study's progress on a call: annotators' final labels disagree with no decision, or an adjudicator decided. */
export const STUDY_PROGRESS = ['disputed', 'adjudicated'] as const;
/** Every progress value the episode list can be filtered by. */
export const PROGRESS_VALUES = [...MY_PROGRESS, ...STUDY_PROGRESS] as const;

/** One of MY_PROGRESS. */
export type MyProgress = (typeof MY_PROGRESS)[number];
/** One of STUDY_PROGRESS. */
export type StudyProgress = (typeof STUDY_PROGRESS)[number];
/** One of PROGRESS_VALUES. */
export type ProgressValue = (typeof PROGRESS_VALUES)[number];

/** The marks of one call: `mine` is null without an annotator, `study` null when none applies or it is hidden. */
export interface EpisodeProgress {
  episodeId: number;
  mine: MyProgress | null;
  study: StudyProgress | null;
}

/** The marks of the calls asked for, and whether the study's marks are shown to this viewer (and why not). */
export interface ProgressMarks {
  marks: EpisodeProgress[];
  /** False in a blind study the viewer may not yet read the others' labels in: `study` is then always null. */
  studyShown: boolean;
  /** Why the study's marks are hidden (the blind rule and how it opens), or null when they are shown. */
  studyHiddenReason: string | null;
}

/** The call a "next unlabelled" step lands on, and its position in the list as it is filtered and sorted. */
export interface NextEpisode {
  episodeId: number;
  position: number;
}

/** How each progress value reads in the list. */
export const PROGRESS_LABELS: Record<ProgressValue, string> = {
  unlabelled: 'unlabelled',
  in_progress: 'in progress',
  committed: 'committed',
  disputed: 'disputed',
  adjudicated: 'adjudicated',
};
