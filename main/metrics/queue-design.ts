/**
 * The sampling design the judge-corrected figures assume: the newest work queue drawn over all calls whose spec
 * stores its design (strata, the calls each held N_h and the calls drawn n_h, so every item's inclusion probability
 * n_h/N_h), else a simple random sample of each cell.
 */
import type { Db } from '../db/open';
import { drawnCalls, queueById, studyQueueIds } from '../db/work-queues';
import type { QueueSpec } from '../../shared/types/annotation';
import { judgeLabels } from '../annotation/lookups';
import { stratumOf } from '../annotation/strata';
import type { StudyEpisode } from './mapping-calls';

/** How the labelled calls are taken to have been drawn when no queue says (docs/metrics-benchmarks.md). */
export const ASSUMED_DESIGN = 'simple random sample of each cell’s judged calls (assumed)';

/** A design: what the figures say of it, and the stratum of each call. */
export interface StudyDesign {
  description: string;
  stratum: (episode: StudyEpisode) => string;
}

/** The design of the newest queue over all calls with its design stored; else the assumed one. */
export function studyDesign(db: Db, studyId: number): StudyDesign {
  const failedOnly: string[] = [];
  for (const queueId of studyQueueIds(db, studyId)) {
    const queue = queueById(db, queueId)!;
    const spec = JSON.parse(queue.specJson) as QueueSpec;
    if (spec.onlyFailed) failedOnly.push(`"${queue.name}"`);
    if (spec.onlyFailed || !spec.population) continue;
    const named = `queue "${queue.name}"`;
    if (spec.stratifyBy === 'none') return { description: `simple random sample (${named})`, stratum: () => '' };
    const judged = judgeLabels(db, studyId);
    const drawn = new Map(
      drawnCalls(db, queueId).flatMap((c) => (c.stratum === null ? [] : [[c.episodeId, c.stratum]])),
    );
    return {
      description:
        `stratified by ${spec.stratifyBy === 'judge' ? 'judge label' : spec.stratifyBy} (${named}, ` +
        `${spec.allocation ?? 'proportional'} allocation); labelled calls weighted by N_h/n_h in each stratum` +
        (drawn.size ? '; drawn calls in the stratum stored at the draw' : ''),
      // A drawn call stays in the stratum it was drawn in, even if the judge has since been re-run.
      stratum: (e) => drawn.get(e.id) ?? stratumOf(spec.stratifyBy, e, judged.get(e.id)),
    };
  }
  const skipped = failedOnly.length
    ? `; not the queue${failedOnly.length > 1 ? 's' : ''} ${failedOnly.join(', ')}, drawn from failed calls only`
    : '';
  return { description: ASSUMED_DESIGN + skipped, stratum: () => '' };
}
