import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { makeAnnotators, makeStudy } from '../../test-support/annotation-study';
import { commitEpisode, getEpisodeLabels, setLabel } from './labels';
import { exportBundle, importBundle, parseBundle } from './exchange';
import { listHistory } from './history';

const now = new Date('2026-01-02T03:04:05Z');
let laptop: TempServices;
let lab: TempServices;
beforeEach(async () => {
  laptop = await tempServices({ demo: false });
  lab = await tempServices({ demo: false });
});
afterEach(() => {
  laptop.cleanup();
  lab.cleanup();
});

describe('offline exchange bundles', () => {
  it('carries one annotator’s labels to another machine, merging by episode and field, reporting conflicts without overwriting', async () => {
    const episodes = [{ id: 'e1' }, { id: 'e2' }, { id: 'e3' }];
    const src = await makeStudy(laptop.services.db, 'Study', 'tau-elicitation', episodes);
    const dst = await makeStudy(lab.services.db, 'Study', 'tau-elicitation', episodes.slice(0, 2));
    const [ana] = makeAnnotators(laptop.services.db, ['Ana']);
    const [labAna] = makeAnnotators(lab.services.db, ['Ana']);
    const set = (t: TempServices, ep: number, who: number, field: string, value: string) => setLabel(t.services.db, { episodeId: ep, annotatorId: who, field, value }, now);
    set(laptop, src.ids.e1, ana, 'error_source', 'agent');
    set(laptop, src.ids.e1, ana, 'error_subtype', 'vad');
    set(laptop, src.ids.e2, ana, 'error_source', 'user');
    set(laptop, src.ids.e3, ana, 'error_source', 'system');
    commitEpisode(laptop.services.db, src.ids.e1, ana, now);
    // On the lab machine Ana already labelled e2 differently and e1 the same way.
    set(lab, dst.ids.e1, labAna, 'error_source', 'agent');
    set(lab, dst.ids.e2, labAna, 'error_source', 'system');

    const text = JSON.stringify(exportBundle(laptop.services.db, src.studyId, ana, now));
    const result = importBundle(lab.services.db, parseBundle(text), {}, now);
    expect(result).toMatchObject({ studyId: dst.studyId, annotator: 'Ana', added: 1, unchanged: 1, missingEpisodes: ['e3'] });
    expect(result.conflicts).toEqual([{ externalId: 'e2', field: 'error_source', phase: 'final', local: 'system', incoming: 'user', resolution: 'kept_local' }]);
    expect(getEpisodeLabels(lab.services.db, dst.ids.e2, labAna).values).toEqual({ error_source: 'system' });
    expect(getEpisodeLabels(lab.services.db, dst.ids.e1, labAna)).toMatchObject({ values: { error_source: 'agent', error_subtype: 'vad' }, committed: true });
    expect(listHistory(lab.services.db, dst.ids.e1, labAna)[0]).toMatchObject({ action: 'import', field: 'error_subtype' });

    // Importing again changes nothing; taking the incoming side is explicit and recorded.
    const again = importBundle(lab.services.db, parseBundle(text), {}, now);
    expect([again.added, again.unchanged, again.conflicts.length]).toEqual([0, 2, 1]);
    const take = importBundle(lab.services.db, parseBundle(text), { onConflict: 'take' }, now);
    expect(take.conflicts[0].resolution).toBe('took_incoming');
    expect(getEpisodeLabels(lab.services.db, dst.ids.e2, labAna).values).toEqual({ error_source: 'user' });
  });

  it('creates the annotator when the lab has never seen them, and refuses malformed bundles', async () => {
    const src = await makeStudy(laptop.services.db, 'Study', 'vera', [{ id: 'q' }]);
    await makeStudy(lab.services.db, 'Study', 'vera', [{ id: 'q' }]);
    const [bo] = makeAnnotators(laptop.services.db, ['Bo Lindqvist']);
    setLabel(laptop.services.db, { episodeId: src.ids.q, annotatorId: bo, field: 'error_categories', value: ['OTHER'] }, now);
    const bundle = exportBundle(laptop.services.db, src.studyId, bo, now);
    expect(importBundle(lab.services.db, bundle, {}, now).added).toBe(1);
    expect(lab.services.db.prepare('SELECT name, initials FROM annotators').all()).toEqual([{ name: 'Bo Lindqvist', initials: 'BL' }]);
    expect(() => parseBundle('{"format":"other"}')).toThrow(/bundle: format/);
    expect(() => parseBundle('not json')).toThrow(/not JSON/);
  });
});
