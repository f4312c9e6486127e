/**
 * An adjudicator and one of their decisions in the demo study, written through the product's createAnnotator and
 * decide() before the host starts: the CLI has no command that sets a role or records a decision (the studio's
 * Adjudicate view does, and the annotation spec drives it).
 */
import { openStudioServices } from '../../main/demo/studio-services';
import { createAnnotator } from '../../main/annotation/annotators';
import { decide } from '../../main/annotation/adjudication';
import { listEpisodes } from '../../main/db/episodes';
import { listStudies } from '../../main/db/studies';

/** Who decides which call's field, and to what. */
export interface DemoDecision {
  adjudicator: string;
  episode: string;
  field: string;
  value: string;
  rationale: string;
}

/** Adds `adjudicator` with the adjudicator role and records their decision on a demo call labelled by two raters. */
export async function seedDemoDecision(dbPath: string, d: DemoDecision): Promise<void> {
  const services = await openStudioServices(dbPath);
  try {
    const now = new Date('2026-01-02T03:04:05Z');
    const demo = listStudies(services.db)[0];
    const episode = listEpisodes(services.db, demo.id).find((e) => e.externalId === d.episode);
    if (!episode) throw new Error(`the demo study has no call ${d.episode}`);
    const adjudicatorId = createAnnotator(services.db, { name: d.adjudicator, role: 'adjudicator' }, now).id;
    const { field, value, rationale } = d;
    decide(services.db, { episodeId: episode.id, field, value, rationale, adjudicatorId }, now);
  } finally {
    services.db.close();
  }
}
