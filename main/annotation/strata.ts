/** The stratum of a call under a queue's design: its system, the judge's label, or its condition (one stratum: none). */
import type { QueueStratifyBy } from '../../shared/types/annotation';
import { conditionKey } from '../stats/benchmarks/index';

/** The stratum name of a call with this system, condition and newest judge label under `by`. */
export function stratumOf(
  by: QueueStratifyBy,
  call: { system: string; condition: Record<string, string> },
  judgeLabel: string | undefined,
): string {
  if (by === 'system') return call.system || '(no system)';
  if (by === 'judge') return judgeLabel ?? '(not judged)';
  if (by === 'condition') return conditionKey(call.condition) || '(no condition)';
  return 'all';
}
