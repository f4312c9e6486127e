/**
 * Where a study's realism effects (τ-Elicitation, Figure 4: a bootstrap and a randomization test per arm, about half
 * of the section's time) are computed. The τ section starts them first and collects them last, so a runner on another
 * thread (realism-in-helper.ts) computes them while this one computes the rest; on this thread they are computed when
 * collected. Either way the rows are the same: realismEffects depends only on its arguments.
 */
import { realismEffects, type RealismOptions, type RealismSpec, type RealismUnit } from '../stats/benchmarks/index';
import type { RealismEffectRow } from '../../shared/types/elicitation-rows';

/** Starts realism effects of one arm; the function returned gives their rows, waiting for them if need be. */
export interface RealismRunner {
  /** Gets ready for realism effects to come (a helper thread starts), when the study has τ-Elicitation calls. */
  warm(): void;
  start(
    units: readonly RealismUnit[],
    specs: readonly RealismSpec[],
    options: RealismOptions,
  ): () => RealismEffectRow[];
}

/** Realism effects on this thread, computed when collected. */
export const realismHere: RealismRunner = {
  warm: () => undefined,
  start: (units, specs, options) => () => realismEffects(units, specs, options),
};
