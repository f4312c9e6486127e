import { clusterBootstrap, type BootstrapOptions } from './bootstrap';
import { groupBy } from './group';
import { isGrounded, type GroundingProbe } from './grounding-probe';
import { rate } from './rate';
import type { RefreshRow } from '../../../shared/types/grounding-rows';

interface Arm {
  question: string;
  refreshed: boolean;
  hit: boolean;
}

const benefitOf = (arms: readonly Arm[]): number => {
  let [hits, n, noneHits, noneN] = [0, 0, 0, 0];
  for (const a of arms) {
    if (a.refreshed) [hits, n] = [hits + Number(a.hit), n + 1];
    else [noneHits, noneN] = [noneHits + Number(a.hit), noneN + 1];
  }
  return n === 0 || noneN === 0 ? Number.NaN : 100 * (hits / n - noneHits / noneN);
};

/**
 * Proactive-grounding benefit per system and schedule (DSB-DG, Mathur et al.): accuracy of the answerable probes under
 * a single or multiple refreshes minus accuracy without refresh, both on the questions asked under both, in pp.
 * Probes with refresh = null are ignored.
 */
export function refreshBenefit(probes: readonly GroundingProbe[], options: BootstrapOptions = {}): RefreshRow[] {
  const relevant = probes.filter((p) => p.answerable && p.refresh !== null);
  const rows: RefreshRow[] = [];
  for (const [system, list] of groupBy(relevant, (p) => p.system)) {
    const none = list.filter((p) => p.refresh === 'none');
    const noneQuestions = new Set(none.map((p) => p.question));
    for (const schedule of ['single', 'multiple'] as const) {
      const refreshed = list.filter((p) => p.refresh === schedule);
      if (refreshed.length === 0) continue;
      const shared = new Set(refreshed.map((p) => p.question).filter((q) => noneQuestions.has(q)));
      const arms: Arm[] = [...refreshed, ...none]
        .filter((p) => shared.has(p.question))
        .map((p) => ({ question: p.question, refreshed: p.refresh === schedule, hit: isGrounded(p) }));
      const on = arms.filter((a) => a.refreshed);
      const off = arms.filter((a) => !a.refreshed);
      const benefit = benefitOf(arms);
      rows.push({
        system,
        schedule,
        questions: shared.size,
        accuracy: rate(on.filter((a) => a.hit).length, on.length),
        none: rate(off.filter((a) => a.hit).length, off.length),
        benefit: Number.isFinite(benefit) ? benefit : null,
        interval: clusterBootstrap(arms, (a) => a.question, benefitOf, options),
      });
    }
  }
  return rows;
}
