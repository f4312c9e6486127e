/**
 * Bootstrap resamples drawn as pattern counts: resampling N items with replacement gives the patterns (items with the
 * same labels) counts that are Multinomial(N, n_p / N). They are drawn exactly, in O(patterns + √N) per resample
 * instead of O(N), by Poisson splitting: independent counts X_p ~ Poisson(λ n_p / N) with λ = N − 2√N are, given
 * their sum S, Multinomial(S, n_p / N); when S ≤ N the N − S items still missing are drawn one by one from the same
 * shares (alias-table.ts), which makes the whole Multinomial(N, n_p / N); when S > N (about 2 % of resamples) the
 * Poisson counts are drawn again. Derivation in docs/metrics-agreement.md.
 */
import { aliasDraw, aliasTable, type AliasTable } from './alias-table';
import { poissonDraw, poissonTables, type PoissonTables } from './poisson-tables';
import { GOLDEN, mix32 } from './prng';

/** What a resample of fixed pattern shares needs: the item count, the Poisson tables (if used) and the alias table. */
export interface MultinomialPlan {
  total: number;
  poisson: PoissonTables | null;
  alias: AliasTable | null;
}

/** How many standard deviations √N the Poisson stage's mean stays below N. */
const POISSON_MARGIN = 2;

/**
 * Plans resamples of `total` items (by default Σ shares) over patterns with these shares (counts, or any
 * non-negative masses). Small totals, where N single draws cost less than the Poisson stage, are drawn one by one.
 */
export function multinomialPlan(shares: Float64Array, total?: number): MultinomialPlan {
  const mass = shares.reduce((s, x) => s + x, 0);
  const n = total ?? mass;
  if (!(mass > 0) || n <= 0) return { total: 0, poisson: null, alias: null };
  const lambda = n - POISSON_MARGIN * Math.sqrt(n);
  const alias = aliasTable(shares);
  // N single draws cost less than K Poisson draws and N − λ single ones when K ≥ λ.
  if (shares.length >= lambda) return { total: n, poisson: null, alias };
  return { total: n, poisson: poissonTables(Float64Array.from(shares, (x) => (lambda * x) / mass)), alias };
}

/**
 * One resample: weights[p] ~ Multinomial(N, shares[p] / Σ shares), from successive mulberry32 outputs u / 2³²: one
 * per pattern for the Poisson counts (again while their sum exceeds N), then one per missing item. Returns the
 * generator state after the draws.
 */
export function drawMultinomialResample(state: number, plan: MultinomialPlan, weights: Float64Array): number {
  let s = state;
  let drawn = 0;
  const { total, poisson, alias } = plan;
  if (poisson) {
    do {
      drawn = 0;
      for (let p = 0; p < weights.length; p++) {
        s = (s + GOLDEN) | 0;
        const x = poissonDraw(poisson, p, mix32(s) / 4294967296);
        weights[p] = x;
        drawn += x;
      }
    } while (drawn > total);
  } else weights.fill(0);
  if (!alias) return s;
  for (; drawn < total; drawn++) {
    s = (s + GOLDEN) | 0;
    weights[aliasDraw(alias, mix32(s) / 4294967296)]++;
  }
  return s;
}
