/** The provenance fields of a τ² RewardInfo, kept with the episode beside its reward breakdown. */
import type { RewardProvenance } from '../../../shared/types/reward-provenance';
import type { Tau2RewardInfo } from './schema';

/** The reward's provenance, or null when the file records none (older tau2-bench). */
export function rewardProvenance(r: Tau2RewardInfo): RewardProvenance | null {
  const actions = r.replayed_actions ?? [];
  const warnings = r.warnings ?? [];
  if (!r.evaluation_mode && !r.state_source && actions.length === 0 && warnings.length === 0) return null;
  return {
    evaluationMode: r.evaluation_mode ?? null,
    stateSource: r.state_source ?? null,
    replayedActions: actions.map((a) => ({
      source: a.source,
      name: a.tool_call.name,
      arguments: a.tool_call.arguments,
    })),
    warnings,
  };
}
