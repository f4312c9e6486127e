import { groupBy } from './group';
import type { CategoryDeviation } from '../../../shared/types/label-rows';

/** Error categories assigned to one episode (an empty list means none). */
export interface CategoryLabels {
  episode: string;
  system: string;
  categories: readonly string[];
}

/** Per-system deviation of error-category rates from the pooled rate (VERA heatmap: rate_system − rate_overall); a category counts once per episode. */
export function categoryDeviation(
  rows: readonly CategoryLabels[],
  categoryOrder?: readonly string[],
): CategoryDeviation {
  const categories = categoryOrder ? [...categoryOrder] : [...new Set(rows.flatMap((r) => r.categories))].sort();
  const rateOf = (subset: readonly CategoryLabels[], category: string): { count: number; rate: number } => {
    const count = subset.filter((r) => r.categories.includes(category)).length;
    return { count, rate: subset.length === 0 ? 0 : count / subset.length };
  };
  const overall = categories.map((category) => ({ category, ...rateOf(rows, category) }));
  const systems = [...groupBy(rows, (r) => r.system)].map(([system, subset]) => ({
    system,
    episodes: subset.length,
    cells: categories.map((category, i) => {
      const own = rateOf(subset, category);
      return { category, count: own.count, rate: own.rate, deviation: own.rate - overall[i].rate };
    }),
  }));
  return { categories, overall, systems };
}
