/** Labels written into the demo study before a spec starts, through the product's own functions (no raw SQL). */
import type { Services } from '../../main/services/services';
import { openStudioServices } from '../../main/demo/studio-services';
import { createAnnotator } from '../../main/annotation/annotators';
import { setLabel } from '../../main/annotation/labels';
import { listStudies } from '../../main/db/studies';
import { listEpisodes } from '../../main/db/episodes';
import type { LabelValue } from '../../shared/types/annotation';

/** The demo study opened for seeding: two annotators (Ana Lima, Ben Okafor), an adjudicator (Judy Park), a labeller. */
export interface DemoSeed {
  services: Services;
  ana: number;
  ben: number;
  /** Saves one label of one annotator on the demo call with this external id. */
  label: (annotatorId: number, call: string, field: string, value: LabelValue) => void;
}

/** Opens (creating) the database at `dbPath` with the demo study and the three people every annotation spec uses. */
export async function seedDemoPeople(dbPath: string): Promise<DemoSeed> {
  const services = await openStudioServices(dbPath);
  const now = new Date('2026-01-02T03:04:05Z');
  const demo = listStudies(services.db)[0];
  const ids = new Map(listEpisodes(services.db, demo.id).map((e) => [e.externalId, e.id]));
  const ana = createAnnotator(services.db, { name: 'Ana Lima' }, now).id;
  const ben = createAnnotator(services.db, { name: 'Ben Okafor' }, now).id;
  createAnnotator(services.db, { name: 'Judy Park', role: 'adjudicator' }, now);
  const label = (annotatorId: number, call: string, field: string, value: LabelValue) => {
    const episodeId = ids.get(call);
    if (episodeId === undefined) throw new Error(`the demo study has no call ${call}`);
    setLabel(services.db, { episodeId, annotatorId, field, value }, now);
  };
  return { services, ana, ben, label };
}
