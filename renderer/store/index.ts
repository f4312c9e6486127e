/** The one store, built from typed slices; components read it through atomic selectors. */
import { create } from 'zustand';
import { createStudiesSlice, type StudiesSlice } from './studies-slice';
import { createEpisodeSlice, type EpisodeSlice } from './episode-slice';
import { createPlaybackSlice, type PlaybackSlice } from './playback-slice';
import { createImportSlice, type ImportSlice } from './import-slice';
import { createLabelsSlice, type LabelsSlice } from './labels-slice';
import { createMetricsSlice, type MetricsSlice } from './metrics-slice';
import { createRunsSlice, type RunsSlice } from './runs-slice';
import { createJudgeValidationSlice, type JudgeValidationSlice } from './judge-validation-slice';
import { createProgressSlice, type ProgressSlice } from './progress-slice';
import { createCasebookSlice, type CasebookSlice } from './casebook-slice';

/** The whole renderer state. */
export type AppState = StudiesSlice & EpisodeSlice & PlaybackSlice & ImportSlice & LabelsSlice & MetricsSlice
  & RunsSlice & JudgeValidationSlice & ProgressSlice & CasebookSlice;

/** The store hook. */
export const useApp = create<AppState>()((...a) => ({
  ...createStudiesSlice(...a),
  ...createEpisodeSlice(...a),
  ...createPlaybackSlice(...a),
  ...createImportSlice(...a),
  ...createLabelsSlice(...a),
  ...createMetricsSlice(...a),
  ...createRunsSlice(...a),
  ...createJudgeValidationSlice(...a),
  ...createProgressSlice(...a),
  ...createCasebookSlice(...a),
}));
