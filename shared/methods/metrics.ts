/** Methods for the benchmark tables of a study (issue 7). */
import { z } from 'zod';
import { method } from './define';
import { metricsOptionsSchema, type StudyMetrics } from '../types/metrics';

/** Metrics methods by name. */
export const metricsMethods = {
  'metrics.study': method<StudyMetrics>()(z.object({ studyId: z.number().int().positive(), options: metricsOptionsSchema.optional() }).strict()),
} as const;
