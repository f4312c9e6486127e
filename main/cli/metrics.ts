/** `earshot metrics --study X`: every figure the studio computes for a study, as one document (or its tables as text). */
import type { Services } from '../services/services';
import { studyMetrics } from '../metrics/study-metrics';
import { metricsOptionsSchema } from '../../shared/types/metrics';
import { tableToText } from '../../shared/types/metrics-format';
import type { CliOptions } from './args';
import { UsageError } from './args';
import { requireStudy, type CommandOutput } from './commands';

/** Prints the study's metrics: every figure as JSON (`interaction` kept at the top level), or every table as text. */
export function metricsCommand(s: Services, opts: CliOptions): CommandOutput {
  const study = requireStudy(s, opts);
  const parsed = metricsOptionsSchema.safeParse({ seed: opts.seed, resamples: opts.resamples });
  if (!parsed.success) throw new UsageError(`--${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`);
  const metrics = studyMetrics(s.db, study.id, parsed.data);
  const text = [`${metrics.study.name}: ${metrics.episodes} episodes`, ...metrics.tables.map(tableToText), ...metrics.notes.map((n) => `note: ${n}`)].join('\n\n');
  return { json: metrics, text };
}
