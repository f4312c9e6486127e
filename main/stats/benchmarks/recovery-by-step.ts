import { captureMatches, type FieldCapture } from './field-captures';
import { rate } from './rate';
import type { Rate } from '../../../shared/types/benchmark-rows';
import type { RepairStep } from '../../../shared/types/elicitation-rows';

/** The repair steps in the paper's order: neither, read-back only, spelling only, both. */
export const REPAIR_STEPS: readonly RepairStep[] = ['neither', 'read_back_only', 'spelling_only', 'both'];

/** The verification steps a field got: a caller-recorded read-back, spelling request, both or neither. */
export function repairStepOf(c: FieldCapture): RepairStep {
  if (c.readBack && c.spelled) return 'both';
  if (c.readBack) return 'read_back_only';
  return c.spelled ? 'spelling_only' : 'neither';
}

/** True for a field whose first logged capture is wrong (fields never logged are not initially wrong captures). */
export function firstWrong(c: FieldCapture): boolean {
  return c.firstCapture !== null && !captureMatches(c.firstCapture, c.gold);
}

/**
 * Recovery by repair step (τ-Elicitation §4.2): among fields whose first logged capture was wrong, the share whose
 * final submitted value is correct, for each combination of read-back and spelling request.
 */
export function recoveryByStep(captures: readonly FieldCapture[]): { step: RepairStep; recovered: Rate }[] {
  const wrong = captures.filter(firstWrong);
  return REPAIR_STEPS.map((step) => {
    const mine = wrong.filter((c) => repairStepOf(c) === step);
    return { step, recovered: rate(mine.filter((c) => captureMatches(c.finalValue, c.gold)).length, mine.length) };
  });
}
