/** τ² evaluation results as judgements: the rule-based reward (reward_info) and the LLM conversation reviews. */
import type { JudgeFinding } from '../../../shared/domain';
import type { BatchJudgement } from '../batch';
import type { Tau2Review, Tau2RewardInfo } from './schema';

/** tau2-bench `is_successful`: a reward within 1e-6 of 1. */
export function isSuccessful(reward: number): boolean {
  return Math.abs(reward - 1) <= 1e-6;
}

const allMet = (checks: readonly { met: boolean }[]): number => (checks.every((c) => c.met) ? 1 : 0);

/** The reward breakdown as recorded, or, for older files without one, derived from the checks the way the evaluator gates them. */
function breakdownOf(r: Tau2RewardInfo): Record<string, number> {
  if (r.reward_breakdown && Object.keys(r.reward_breakdown).length > 0) return { ...r.reward_breakdown };
  const out: Record<string, number> = {};
  if (r.db_check) out.DB = r.db_check.db_reward;
  if (r.env_assertions?.length) out.ENV_ASSERTION = r.env_assertions.reduce((p, c) => p * c.reward, 1);
  if (r.action_checks?.length) out.ACTION = r.action_checks.every((c) => c.action_match) ? 1 : 0;
  if (r.communicate_checks?.length) out.COMMUNICATE = allMet(r.communicate_checks);
  if (r.nl_assertions?.length) out.NL_ASSERTION = allMet(r.nl_assertions);
  return out;
}

function failedChecks(r: Tau2RewardInfo): JudgeFinding[] {
  const finding = (category: string, text: string): JudgeFinding => ({ text, startMs: null, endMs: null, category });
  const out: JudgeFinding[] = [];
  if (r.db_check && !r.db_check.db_match) out.push(finding('DB', 'final database state does not match the expected state'));
  for (const c of r.action_checks ?? []) if (!c.action_match) out.push(finding('ACTION', `expected action not taken: ${c.action.name}`));
  for (const c of r.communicate_checks ?? []) if (!c.met) out.push(finding('COMMUNICATE', `not communicated: ${c.info}${c.justification ? ` (${c.justification})` : ''}`));
  for (const c of r.nl_assertions ?? []) if (!c.met) out.push(finding('NL_ASSERTION', `not met: ${c.nl_assertion}${c.justification ? ` (${c.justification})` : ''}`));
  r.env_assertions?.forEach((c, i) => {
    if (!c.met) out.push(finding('ENV_ASSERTION', `environment assertion ${i + 1} not met`));
  });
  return out;
}

/** The evaluator's verdict: label pass/fail, the per-component reward breakdown, and each failed check as a finding. */
export function rewardJudgement(r: Tau2RewardInfo): BatchJudgement {
  const findings = failedChecks(r);
  return {
    judgeId: 'tau2-evaluator',
    label: isSuccessful(r.reward) ? 'pass' : 'fail',
    rationale: findings.length ? findings.map((f) => f.text).join('\n') : `reward ${r.reward}`,
    categories: [...new Set(findings.map((f) => f.category as string))],
    rewardBreakdown: breakdownOf(r),
    findings,
  };
}

/** Where an error of a review lies in the call; null when unknown. */
export type ErrorPlacement = (error: Tau2Review['errors'][number]) => { startMs: number | null; endMs: number | null };

/**
 * An LLM review as a judgement: label agent_error / user_error / no_error, the summary as rationale, the error tags as
 * categories, and one finding per error placed by `place` (tick ranges for full-duplex, turn index for half-duplex).
 */
export function reviewJudgement(judgeId: string, review: Tau2Review, place: ErrorPlacement): BatchJudgement {
  const label = review.agent_error ? 'agent_error' : review.user_error ? 'user_error' : review.has_errors ? 'error' : 'no_error';
  return {
    judgeId,
    label,
    rationale: review.summary,
    categories: [...new Set(review.errors.flatMap((e) => e.error_tags))],
    findings: review.errors.map((e) => {
      const who = [e.source, e.error_type, e.severity].filter(Boolean).join(', ');
      const fix = e.correct_behavior ? `\nCorrect behaviour: ${e.correct_behavior}` : '';
      return { text: `[${who}] ${e.reasoning}${fix}`, ...place(e), category: e.error_tags[0] ?? e.error_type ?? null };
    }),
  };
}
