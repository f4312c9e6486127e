/** Every figure of a study, recomputed from the database on each call: τ family, VERA, DSB-DG, human labels, interaction. */
import type { Db } from '../db/open';
import type { MetricsOptions, StudyMetrics } from '../../shared/types/metrics';
import { mergeSections } from '../../shared/types/metrics-sections';
import { studySections } from './study-sections';

export { DEFAULT_METRICS_OPTIONS, resolveOptions } from './metrics-options';

/** Computes every figure of the study `studyId` (an id or exact name); throws not_found for an unknown study. */
export function studyMetrics(db: Db, study: number | string, options: MetricsOptions = {}): StudyMetrics {
  const { head, tasks } = studySections(db, study, options);
  return mergeSections(
    head,
    tasks.map((t) => t.compute()),
  );
}
