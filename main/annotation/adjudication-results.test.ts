/** After two disputes are adjudicated through decide() (one label, one `unresolved`): Results, `earshot metrics
 * --json` and agreement against the adjudicated label. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { fixture } from '../../test-support/fixtures';
import { readTauElicitation } from '../importers/tau-elicitation/read-tau-elicitation';
import { writeBatch } from '../importers/write-batch';
import { metricsHandlers } from '../api/metrics-handlers';
import type { StudyMetrics } from '../../shared/types/metrics';
import type { AdjudicationItem } from '../../shared/types/annotation';
import { createAnnotator } from './annotators';
import { adjudicationQueue, decide } from './adjudication';
import { ADJUDICATED_RATER, computeStudyAgreement } from './agreement';
import { runEarshot } from '../../test-support/earshot-cli';
import { TAU_VALIDATION } from '../../test-support/fixture-counts';

const now = new Date('2026-01-02T03:04:05Z');
let t: TempServices;
let studyId: number;
let decided: AdjudicationItem;
let unresolved: AdjudicationItem;

beforeAll(async () => {
  t = await tempServices({ demo: false });
  const db = t.services.db;
  const batch = await readTauElicitation(fixture('tau-elicitation'));
  studyId = (await writeBatch(db, batch, { studyName: 'tau elicit', now })).study.id;
  const judy = createAnnotator(db, { name: 'Judy', role: 'adjudicator' }, now).id;
  const disputes = adjudicationQueue(db, { studyId, field: 'error_source', adjudicatorId: judy }).items;
  expect(disputes.map((i) => i.status)).toEqual(['disputed', 'disputed', 'disputed']);
  const [first, second] = disputes;
  // B's label wins the first dispute; the second stays unresolved.
  const on = { field: 'error_source', adjudicatorId: judy };
  const bLabel = first.labels[1].value!;
  decided = decide(db, { ...on, episodeId: first.episodeId, value: bLabel, rationale: 'B heard it right' }, now);
  const why = 'the audio cuts out';
  unresolved = decide(db, { ...on, episodeId: second.episodeId, value: 'unresolved', rationale: why }, now);
  expect(adjudicationQueue(db, { studyId, field: 'error_source', adjudicatorId: judy }).counts).toEqual({
    field: 'error_source',
    items: 100,
    unanimous: 97,
    decided: 1,
    unresolved: 1,
    open: 1,
    resolved: 98,
  });
}, 60_000);
afterAll(() => t.cleanup());

/** Before adjudication the resolved view holds no_error 66, agent 31, disputed 3 (TAU_VALIDATION.resolved, recounted
 * by scripts/recount/tau-validation.mjs); one dispute decided as agent and one unresolved leave one disputed. */
const before = TAU_VALIDATION.resolved.sources;
const AFTER_DECISIONS = {
  no_error: before.no_error,
  agent: before.agent + 1,
  disputed: before.disputed - 2,
  unresolved: 1,
};

/** The resolved view's error sources of the study: [label, count] pairs. */
const resolvedSources = (m: StudyMetrics) =>
  m.labels.failures.find((f) => f.view === 'resolved')!.rows[0].sources.map((s) => [s.label, s.count]);

describe('Results, earshot metrics and agreement after adjudication', () => {
  it('metrics.study (the Results tab) counts the decision and the unresolved item; one dispute stays disputed', () => {
    const m = metricsHandlers['metrics.study'](t.services, { studyId, options: { resamples: 200 } });
    const sources = Object.fromEntries(resolvedSources(m));
    expect(decided.final).toBe('agent');
    expect(sources).toEqual(AFTER_DECISIONS);
    expect(unresolved.rationale).toBe('the audio cuts out');
  });

  it('earshot metrics --json prints the same figures from the database file', { timeout: 30_000 }, () => {
    const args = ['metrics', '--study', 'tau elicit', '--json', '--resamples', '200'];
    const res = runEarshot({ home: t.dir, db: t.dbPath, cwd: t.dir }, ...args);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const m = JSON.parse(res.stdout) as StudyMetrics;
    expect(Object.fromEntries(resolvedSources(m))).toEqual(AFTER_DECISIONS);
  });

  it('agreement against the adjudicated label: 98 final labels each, the unresolved item left out', async () => {
    const a = await computeStudyAgreement(t.services.db, { studyId, field: 'error_source', resamples: 200 });
    const vs = Object.fromEntries(a.vsAdjudicated.map((p) => [p.rater, p]));
    expect(a.vsAdjudicated.every((p) => p.reference === ADJUDICATED_RATER)).toBe(true);
    expect(vs.A.report?.nPairableItems).toBe(98);
    expect(vs.B.report?.nPairableItems).toBe(98);
    // A disagrees with the adjudicator on the decided item only; B agrees everywhere.
    expect(vs.A.report?.statistics.percentAgreement.estimate).toBeCloseTo(97 / 98, 12);
    expect(vs.B.report?.statistics.percentAgreement.estimate).toBe(1);
  });
});
