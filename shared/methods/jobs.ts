/** Methods for long-running jobs. */
import { z } from 'zod';
import { method } from './define';

/** Job methods by name. */
export const jobMethods = {
  'jobs.cancel': method<{ cancelled: boolean }>()(z.object({ jobId: z.string().uuid() }).strict()),
} as const;
