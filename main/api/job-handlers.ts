/** Handlers of the job methods (shared/methods/jobs.ts). */
import type { MethodInput, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';

/** Job handlers by method name. */
export const jobHandlers = {
  'jobs.cancel': (s: Services, input: MethodInput<'jobs.cancel'>): MethodOutput<'jobs.cancel'> => ({ cancelled: s.jobs.cancel(input.jobId) }),
} as const;
