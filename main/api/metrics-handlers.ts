/** Handlers of the metrics methods (shared/methods/metrics.ts): every figure recomputed from the database on each call. */
import type { MethodInput, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';
import { studyMetrics } from '../metrics/study-metrics';
import { labelPlan } from '../metrics/label-plan';
import { metricsStart } from './metrics-start';

/** Metrics handlers by method name. */
export const metricsHandlers = {
  'metrics.study': (s: Services, input: MethodInput<'metrics.study'>): MethodOutput<'metrics.study'> =>
    studyMetrics(s.db, input.studyId, input.options ?? {}),
  'metrics.start': metricsStart,
  'metrics.plan': (s: Services, input: MethodInput<'metrics.plan'>): MethodOutput<'metrics.plan'> =>
    labelPlan(s.db, input.studyId, input.figure, input.width),
} as const;
