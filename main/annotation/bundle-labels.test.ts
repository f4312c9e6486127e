/** An exchange bundle's labels are held to the study's taxonomy as labels.set holds one; a bad one refuses the bundle. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStudy } from '../../test-support/annotation-study';
import { importStudy, writeJsonl } from '../../test-support/import-study';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { DomainError } from '../domain/errors';
import { listAnnotators } from './annotators';
import { importBundle, parseBundle, type LabelBundle } from './exchange';

const now = new Date('2026-01-02T03:04:05Z');
let t: TempServices;
beforeEach(async () => {
  t = await tempServices({ demo: false });
});
afterEach(() => t.cleanup());

const bundle = (labels: { episode: string; field: string; value: unknown }[]): LabelBundle =>
  parseBundle(
    JSON.stringify({
      format: 'earshot-labels-v1',
      exportedAt: now.toISOString(),
      study: { name: 'Study', benchmark: 'tau-elicitation' },
      annotator: { name: 'Bo', initials: 'B' },
      labels: labels.map((l) => ({ ...l, phase: 'final', updatedAt: now.toISOString() })),
      commits: [],
    }),
  );

function refusal(b: LabelBundle): string {
  try {
    importBundle(t.services.db, b, {}, now);
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('invalid_input');
    return (err as Error).message;
  }
  throw new Error('the bundle was taken');
}

describe('labels of an exchange bundle', () => {
  it('refuses "banana" in a choice field and a field the study neither defines nor holds, writing nothing', async () => {
    await makeStudy(t.services.db, 'Study', 'tau-elicitation', [{ id: 'e1' }, { id: 'e2' }]);
    const good = { episode: 'e1', field: 'error_source', value: 'agent' };
    expect(refusal(bundle([good, { episode: 'e2', field: 'error_source', value: 'banana' }]))).toBe(
      'bundle: labels[1] (episode "e2"): error_source: "banana" is not an option (taxonomy "τ-Elicitation failure attribution")',
    );
    expect(refusal(bundle([good, { episode: 'e1', field: 'mood', value: 'calm' }]))).toBe(
      'bundle: labels[1] (episode "e1"): "mood" is not a field of the taxonomy "τ-Elicitation failure attribution", ' +
        'and the study holds no labels in it',
    );
    expect(listAnnotators(t.services.db)).toEqual([]);
  });

  it('takes what the study’s own imports hold: a severity as a number, and labels in a data field of the import', async () => {
    const lines = [
      { schema: 'earshot-study-v1', name: 'Study', benchmark: 'tau-elicitation' },
      {
        schema: 'earshot-episode-v1',
        id: 'e1',
        annotations: [
          { annotator: 'A', field: 'finding_notes', value: [{ utteranceIndex: 6, note: 'Not definitive' }] },
        ],
      },
    ];
    const studyId = await importStudy(t.services, writeJsonl(t.dir, 'study.jsonl', lines), 'Study');
    const b = bundle([
      { episode: 'e1', field: 'severity', value: 2 },
      { episode: 'e1', field: 'finding_notes', value: '[{"utteranceIndex":6,"note":"Later"}]' },
    ]);
    expect(importBundle(t.services.db, b, {}, now)).toMatchObject({ studyId, added: 2, conflicts: [] });
  });
});
