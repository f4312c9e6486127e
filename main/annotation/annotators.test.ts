import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { makeStudy } from '../../test-support/annotation-study';
import { importStudy } from '../../test-support/import-study';
import { fixture } from '../../test-support/fixtures';
import { listStudies } from '../db/studies';
import { createAnnotator, listAnnotatorsWithStudies } from './annotators';
import { setLabel } from './labels';
import { exportBundle, importBundle } from './exchange';

const now = new Date('2026-01-02T03:04:05Z');
const later = new Date('2026-01-03T03:04:05Z');
let t: TempServices;
beforeEach(async () => {
  t = await tempServices();
});
afterEach(() => t.cleanup());

const membership = () =>
  Object.fromEntries(listAnnotatorsWithStudies(t.services.db).map((a) => [a.name, a.importedIn]));

describe('the studies an annotator belongs to', () => {
  it('keeps the raters A and B of the τ-Elicitation release in the study they came with, not in the demo', async () => {
    const demo = listStudies(t.services.db)[0].id;
    createAnnotator(t.services.db, { name: 'Bea Stone', initials: 'B' }, now);
    const tau = await importStudy(t.services, fixture('tau-elicitation'), 'tau elicit');
    expect(tau).not.toBe(demo);
    expect(membership()).toEqual({ 'Bea Stone': null, A: [tau], B: [tau] });
    // The same release imported again as another study reuses its raters, who then belong to both.
    const again = await importStudy(t.services, fixture('tau-elicitation'), 'tau elicit, again');
    expect(again).not.toBe(tau);
    expect(membership()).toEqual({ 'Bea Stone': null, A: [tau, again], B: [tau, again] });
  });

  it('keeps people made in the studio, and the author of a label bundle, in every study', async () => {
    const { db } = t.services;
    const study = await makeStudy(db, 'S', 'tau-elicitation', [{ id: 'e1' }, { id: 'e2' }]);
    const ana = createAnnotator(db, { name: 'Ana' }, now).id;
    createAnnotator(db, { name: 'Ben' }, now);
    // Made and labelling at the very moment the study was imported: still a person of the studio (no label came with it).
    setLabel(db, { episodeId: study.ids.e1, annotatorId: ana, field: 'error_source', value: 'agent' }, now);
    // Ben's own bundle, labelled elsewhere, arrives after his profile was made here.
    const elsewhere = await tempServices({ demo: false });
    try {
      const src = await makeStudy(elsewhere.services.db, 'S', 'tau-elicitation', [{ id: 'e1' }]);
      const remoteBen = createAnnotator(elsewhere.services.db, { name: 'Ben' }, now).id;
      const remoteCy = createAnnotator(elsewhere.services.db, { name: 'Cy' }, now).id;
      const label = { episodeId: src.ids.e1, field: 'error_source', value: 'user' };
      setLabel(elsewhere.services.db, { ...label, annotatorId: remoteBen }, now);
      setLabel(elsewhere.services.db, { ...label, annotatorId: remoteCy }, now);
      importBundle(db, exportBundle(elsewhere.services.db, src.studyId, remoteBen, now), {}, later);
      // Cy has no profile here: the bundle makes one, a member of the team like any other.
      importBundle(db, exportBundle(elsewhere.services.db, src.studyId, remoteCy, now), {}, later);
    } finally {
      elsewhere.cleanup();
    }
    expect(membership()).toEqual({ Ana: null, Ben: null, Cy: null });
  });

  it('says where a name taken by an imported rater came from', async () => {
    await importStudy(t.services, fixture('tau-elicitation'), 'tau elicit');
    expect(() => createAnnotator(t.services.db, { name: 'B' }, now)).toThrow(
      'an annotator called "B" already exists (it came with an import of labels; choose another name)',
    );
    createAnnotator(t.services.db, { name: 'Ana' }, now);
    expect(() => createAnnotator(t.services.db, { name: 'Ana' }, now)).toThrow(
      /^an annotator called "Ana" already exists$/,
    );
  });
});
