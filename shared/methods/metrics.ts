/** Methods for the benchmark tables of a study (issue 7). */
import { z } from 'zod';
import { method } from './define';
import { metricsOptionsSchema, type StudyMetrics } from '../types/metrics';
import type { LabelPlan } from '../types/ppi';

/** Metrics methods by name. */
export const metricsMethods = {
  'metrics.study': method<StudyMetrics>()(z.object({ studyId: z.number().int().positive(), options: metricsOptionsSchema.optional() }).strict()),
  /**
   * Starts computing a study's figures as a job (its id returned): the head and each section arrive as
   * `metrics.section` events, progress and the end as `job.progress`; `jobs.cancel` stops it.
   */
  'metrics.start': method<{ jobId: string }>()(
    z.object({ studyId: z.number().int().positive(), options: metricsOptionsSchema.optional() }).strict(),
  ),
  /** How many labels a judge-corrected figure (`MAPPING` or `MAPPING=CATEGORY`) needs for an interval `width` wide. */
  'metrics.plan': method<LabelPlan>()(
    z
      .object({
        studyId: z.number().int().positive(),
        figure: z.string().min(1).max(300),
        width: z.number().gt(0).lt(1),
      })
      .strict(),
  ),
} as const;
