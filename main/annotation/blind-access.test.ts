import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { dispatch } from '../api/dispatch';
import { handleFrame } from '../web/ws-door';
import type { AgreementAccess, EpisodeLabels, QueueItem, StudyAgreement } from '../../shared/types/annotation';
import type { StudyAnnotationSettings } from '../../shared/types/annotation';

let t: TempServices;
let now = new Date('2026-03-01T10:00:00Z');
let ana: number, ben: number, cy: number, judy: number, lea: number;
let queueId: number;

async function ok<T>(method: string, input: unknown): Promise<T> {
  const res = await dispatch(t.services, method, input);
  if (!res.ok) throw new Error(`${method}: ${res.error.message}`);
  return res.result as T;
}

async function refused(method: string, input: unknown): Promise<{ code: string; message: string }> {
  const res = await dispatch(t.services, method, input);
  if (res.ok) throw new Error(`${method} was allowed`);
  return res.error;
}

const annotator = async (name: string, role = 'annotator') =>
  (await ok<{ id: number }>('annotators.create', { name, role })).id;
const compute = (viewerId: number) => ({ studyId: 1, viewerId, field: 'source', resamples: 200 });
const access = (viewerId: number) => ok<AgreementAccess>('agreement.access', { studyId: 1, viewerId });
const settings = (change: object) =>
  ok<StudyAnnotationSettings>('annotation.updateSettings', { studyId: 1, ...change });
/** The refusal while the viewer has `left` calls to do: what opens, and how. */
const blind = (opens: string, left: string, it = 'agreement') =>
  `Study "Demo study" is blind: ${opens} when you finish your ${left} or the study lead (Lea) or an adjudicator ` +
  `reveals ${it}.`;

beforeAll(async () => {
  t = await tempServices({ clock: () => now });
  const ids: number[] = [];
  for (const name of ['Ana', 'Ben', 'Cy', 'Lea']) ids.push(await annotator(name));
  [ana, ben, cy, lea] = ids;
  judy = await annotator('Judy', 'adjudicator');
  await settings({ leadId: lea, viewerId: judy });
  const queue = { studyId: 1, name: 'pilot', size: 3, seed: 7, onlyFailed: false, stratifyBy: 'none' };
  queueId = (await ok<{ id: number }>('queues.create', { ...queue, assignment: 'all', annotatorIds: [ana, ben] })).id;
  const labels = { [ana]: ['agent', 'agent', 'user', 'agent'], [ben]: ['user', 'user', 'user', 'agent'] };
  for (const [who, values] of Object.entries(labels)) {
    for (const [i, value] of values.entries()) {
      await ok('labels.set', { episodeId: i + 1, annotatorId: Number(who), field: 'source', value });
    }
  }
});
afterAll(() => t.cleanup());

describe('blind rules held on the main side', () => {
  it('refuses a blind annotator the other’s labels, agreement and validation.csv, saying how it opens', async () => {
    const agreement = { code: 'forbidden', message: blind('agreement opens', '3 remaining items', 'it') };
    expect(await refused('agreement.compute', compute(ana))).toEqual(agreement);
    const report = { studyId: 1, viewerId: ana, fields: ['source'], format: 'markdown' };
    expect(await refused('agreement.report', report)).toEqual(agreement);
    const bens = { code: 'forbidden', message: blind("Ben's labels open to you", '3 remaining items') };
    for (const [method, input] of [
      ['labels.episode', { episodeId: 1, annotatorId: ben, viewerId: ana }],
      ['labels.history', { episodeId: 1, annotatorId: ben, viewerId: ana }],
      ['queues.items', { queueId, annotatorId: ben, viewerId: ana }],
      ['exchange.export', { studyId: 1, annotatorId: ben, viewerId: ana }],
    ] as const) {
      expect(await refused(method, input), method).toEqual(bens);
    }
    const csv = await refused('exchange.validationCsv', { studyId: 1, viewerId: ana });
    expect(csv.message).toBe(blind("other annotators' labels open to you", '3 remaining items'));
    const own = await ok<EpisodeLabels>('labels.episode', { episodeId: 1, annotatorId: ana, viewerId: ana });
    expect([own.values, own.others]).toEqual([{ source: 'agent' }, []]);
    expect(await ok<QueueItem[]>('queues.items', { queueId, annotatorId: ana, viewerId: ana })).toHaveLength(3);
    const closed = { allowed: false, reason: 'blind', remaining: 3, revealedAt: null, canReveal: false };
    expect(await access(ana)).toMatchObject(closed);
  });

  it('sends the refusal through the web door as a forbidden error with its message', async () => {
    const frame = JSON.stringify({ id: 7, method: 'agreement.compute', input: compute(ana) });
    expect(await handleFrame(t.services, frame)).toEqual({
      id: 7,
      ok: false,
      error: { code: 'forbidden', message: blind('agreement opens', '3 remaining items', 'it') },
    });
  });

  it('gives the adjudicator and the study lead every label and the agreement figures', async () => {
    for (const viewerId of [judy, lea]) {
      const a = await ok<StudyAgreement>('agreement.compute', compute(viewerId));
      expect([a.raters, a.overall.statistics.percentAgreement.estimate]).toEqual([['Ana', 'Ben'], 0.5]);
      const bens = await ok<EpisodeLabels>('labels.episode', { episodeId: 1, annotatorId: ben, viewerId });
      expect(bens.values).toEqual({ source: 'user' });
      const csv = await ok<{ content: string }>('exchange.validationCsv', { studyId: 1, viewerId });
      expect(csv.content.trimEnd().split('\n')).toHaveLength(5);
      const mine = await ok<EpisodeLabels>('labels.episode', { episodeId: 1, annotatorId: viewerId, viewerId });
      expect(mine.others.map((o) => o.annotator)).toEqual(['Ana', 'Ben']);
    }
    expect(await access(lea)).toMatchObject({ allowed: true, reason: 'lead', canReveal: true, remaining: null });
    expect((await access(judy)).reason).toBe('adjudicator');
  });

  it('opens to an annotator once every call of their share is done, and to no one else', async () => {
    const items = await ok<QueueItem[]>('queues.items', { queueId, annotatorId: ana, viewerId: ana });
    await ok('labels.commit', { episodeId: items[0].episodeId, annotatorId: ana });
    await ok('labels.commit', { episodeId: items[1].episodeId, annotatorId: ana });
    const oneLeft = blind('agreement opens', '1 remaining item', 'it');
    expect((await refused('agreement.compute', compute(ana))).message).toBe(oneLeft);
    await ok('labels.commit', { episodeId: items[2].episodeId, annotatorId: ana });
    expect((await ok<StudyAgreement>('agreement.compute', compute(ana))).raters).toEqual(['Ana', 'Ben']);
    expect(await access(ana)).toMatchObject({ allowed: true, reason: 'finished', remaining: 0 });
    const bens = await ok<EpisodeLabels>('labels.episode', { episodeId: 1, annotatorId: ben, viewerId: ana });
    expect(bens.values).toEqual({ source: 'user' });
    expect((await refused('agreement.compute', compute(ben))).message).toContain('finish your 3 remaining items');
    expect((await refused('agreement.compute', compute(cy))).message).toBe(
      'Study "Demo study" is blind: agreement opens when the study lead (Lea) or an adjudicator reveals it ' +
        '(no work-queue items of the study are assigned to you).',
    );
  });

  it('lets only the lead or an adjudicator reveal agreement, records when and by whom, keeps the first', async () => {
    expect(await refused('agreement.reveal', { studyId: 1, viewerId: ben })).toEqual({
      code: 'forbidden',
      message: 'Only the study lead or an adjudicator may reveal agreement in study "Demo study"; ' +
        'Ben is an annotator.',
    });
    now = new Date('2026-03-02T09:30:00Z');
    const revealed = await ok<AgreementAccess>('agreement.reveal', { studyId: 1, viewerId: lea });
    expect(revealed).toMatchObject({ revealedAt: '2026-03-02T09:30:00.000Z', revealedBy: lea, canReveal: false });
    for (const viewerId of [ben, cy]) {
      expect(await access(viewerId), String(viewerId)).toMatchObject({ allowed: true, reason: 'revealed' });
      expect((await ok<StudyAgreement>('agreement.compute', compute(viewerId))).raters).toEqual(['Ana', 'Ben']);
    }
    now = new Date('2026-03-03T08:00:00Z');
    await ok('agreement.reveal', { studyId: 1, viewerId: judy });
    const s = await ok<StudyAnnotationSettings>('annotation.settings', { studyId: 1 });
    expect([s.agreementRevealedAt, s.agreementRevealedBy]).toEqual(['2026-03-02T09:30:00.000Z', lea]);
  });

  it('keeps turning blind mode off and naming the lead to the lead and adjudicators', async () => {
    const onlyLead = (what: string, why: string) => ({
      code: 'forbidden',
      message: `Only the study lead or an adjudicator may ${what} in study "Demo study"; ${why}.`,
    });
    const change = (c: object) => refused('annotation.updateSettings', { studyId: 1, ...c });
    const byAna = 'Ana is an annotator';
    expect(await change({ blind: false, viewerId: ana })).toEqual(onlyLead('turn blind mode off', byAna));
    expect(await change({ leadId: ana, viewerId: ana })).toEqual(onlyLead('change the study lead', byAna));
    expect(await change({ blind: false })).toEqual(onlyLead('turn blind mode off', 'say who you are'));
    expect((await change({ leadId: 999, viewerId: judy })).code).toBe('not_found');
    const mine = await settings({ hideJudgeUntilFirstLabel: true, viewerId: ana });
    expect([mine.hideJudgeUntilFirstLabel, mine.leadId, mine.blind]).toEqual([true, lea, true]);
    expect((await settings({ blind: false, viewerId: lea })).blind).toBe(false);
    expect((await access(cy)).reason).toBe('not_blind');
  });
});
