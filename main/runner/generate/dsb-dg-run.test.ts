/** A DSB-DG set generated from a small document runs end to end on the local OpenAI server and yields the decay and refresh tables. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrain, type BrainMessage } from '../../../test-support/openai-server/brain';
import { fakeJudge, fakeSystem } from '../../../test-support/openai-server/fixtures';
import { useFakeOpenAiStudio } from '../../../test-support/openai-studio';
import { studyMetrics } from '../../metrics/study-metrics';
import type { StudyMetrics } from '../../../shared/types/metrics';
import { runDetail } from '../report';
import { startRun } from '../runner';
import { generateDsbDg, type GeneratedSet } from './generate-dsb-dg';

const EVIDENCE = [
  'DVDs are lent for one week at a time.',
  'The late fee is twenty cents per item per day.',
  'Members may borrow up to twelve items at a time.',
  'On Saturdays the library opens from ten to four.',
];
const filler = (n: number) => `Paragraph ${n} restates the general purpose of the charter in plain words for readers.`;
/** 40 sentences, about 870 tokens: T1 is an excerpt around the evidence, T2 the whole document. */
const DOCUMENT = Array.from({ length: 36 }, (_, i) => filler(i + 1))
  .flatMap((s, i) => (i >= 5 && i < 9 ? [EVIDENCE[i - 5], s] : [s]))
  .join(' ');
const QA = [
  {
    id: 'dvd',
    question: 'How long can I keep a DVD?',
    answer: 'One week.',
    repeat: 'Going back to what I asked first: how long can I keep a DVD?',
  },
  {
    id: 'fee',
    question: 'What is the late fee?',
    answer: 'Twenty cents per item per day.',
    repeat: 'Going back: what is the late fee?',
  },
  {
    id: 'items',
    question: 'How many items can I borrow?',
    answer: 'Twelve items.',
    repeat: 'Going back: how many items can I borrow?',
  },
  {
    id: 'saturday',
    question: 'When is the library open on Saturdays?',
    answer: 'From ten to four.',
    evidence: EVIDENCE[3],
    repeat: 'Going back: when is the library open on Saturdays?',
  },
  { id: 'cafe', question: 'Does the library have a cafe?', answer: null },
];

/**
 * The scripted agent: late repeats ("Going back…") asked without a re-injection are forgotten — the 1st–4th such
 * question (run 0), the 5th–6th (run 1) and the 9th (run 2) — everything else is answered from the document.
 */
const base = makeBrain();
let forgetting = 0;
const FORGOTTEN = new Set([1, 2, 3, 4, 5, 6, 9]);
function brain(messages: readonly BrainMessage[]): string {
  const last = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const refreshed = messages.some((m) => m.role === 'system' && m.content.startsWith('Here is the document again.'));
  if (/^Going back/.test(last) && !refreshed && FORGOTTEN.has(++forgetting)) return "I don't know any more, sorry.";
  return base(messages);
}

const env = useFakeOpenAiStudio({ brain });

describe('a generated DSB-DG set run three times against a text system, judged on the local server', () => {
  let generated: GeneratedSet;
  let m: StudyMetrics;
  let runId: number;
  beforeAll(async () => {
    const { fake, t } = env;
    const doc = join(t.dir, 'library.txt');
    const qa = join(t.dir, 'library-qa.jsonl');
    writeFileSync(doc, DOCUMENT);
    writeFileSync(qa, QA.map((q) => JSON.stringify(q)).join('\n') + '\n');
    generated = generateDsbDg({ document: doc, qa, out: join(t.dir, 'library-set.jsonl'), domain: 'policy' });
    const system = fakeSystem('text', fake.baseUrl);
    const run = await startRun(t.services, {
      set: generated.out,
      system,
      judge: fakeJudge(fake.baseUrl),
      concurrency: 1,
    });
    runId = run.runId;
    await run.done;
    m = studyMetrics(t.services.db, runDetail(t.services.db, runId)!.run.studyId!, { resamples: 200 });
  }, 120_000);

  it('generates the tier sweep, one decay script and its two refreshed twins, asking for three runs', () => {
    expect(generated).toMatchObject({ sweep: 10, decay: 1, refresh: 2, scriptTier: 'T2', repeats: 3, items: 13 });
    expect(generated.tiers.map((x) => [x.tier, x.whole])).toEqual([
      ['T1', false],
      ['T2', true],
    ]);
    expect(generated.tiers[0].tokens).toBeLessThanOrEqual(512);
  });

  it('plays every item three times (the set header’s repeats) and judges every probe', () => {
    const d = runDetail(env.t.services.db, runId)!;
    expect(d.run).toMatchObject({ status: 'done', planned: 39, done: 39, failed: 0, repeats: 3 });
    // 10 sweep probes + 3 scripts × 8 probes, three runs; nothing left unlabelled.
    expect([m.dsbDg!.episodes, m.dsbDg!.probes, m.dsbDg!.unlabelled]).toEqual([39, 3 * (10 + 24), 0]);
  });

  it('yields the GDS from the decay scripts alone: 12 pairs, early 12/12, late 5/12', () => {
    const [row] = m.dsbDg!.decay;
    expect([row.pairs, row.unpaired, row.early.numerator, row.late.numerator]).toEqual([12, 0, 12, 5]);
    expect(row.gds).toBeCloseTo(100 * (5 / 12 - 1), 10);
    const table = m.tables.find((x) => x.id === 'dsb-dg-decay')!;
    expect(table.rows[0]).toMatchObject({ pairs: 12, gds: row.gds });
  });

  it('yields the refresh table: 4 questions, none 17/24 against 24/24 under single and multiple refreshes', () => {
    const rows = m.dsbDg!.refresh.map((r) => [
      r.schedule,
      r.questions,
      r.none.numerator,
      r.none.denominator,
      r.accuracy.numerator,
      r.accuracy.denominator,
    ]);
    expect(rows).toEqual([
      ['single', 4, 17, 24, 24, 24],
      ['multiple', 4, 17, 24, 24, 24],
    ]);
    for (const r of m.dsbDg!.refresh) expect(r.benefit).toBeCloseTo((100 * 7) / 24, 10);
    expect(m.tables.find((x) => x.id === 'dsb-dg-refresh')!.rows).toHaveLength(2);
  });

  it('reports each run and the median of the three: GDS −100, −50, −25 → −50; single refresh +50, +25, +12.5 → +25', () => {
    const [row] = m.dsbDg!.runs;
    expect(row.runs.map((r) => [r.trial, r.gds, r.single, r.multiple])).toEqual([
      [0, -100, 50, 50],
      [1, -50, 25, 25],
      [2, -25, 12.5, 12.5],
    ]);
    expect(row.median).toMatchObject({ gds: -50, single: 25, multiple: 25 });
    const table = m.tables.find((x) => x.id === 'dsb-dg-runs')!;
    expect(table.rows.map((r) => [r.run, r.gds])).toEqual([
      ['0', -100],
      ['1', -50],
      ['2', -25],
      ['median', -50],
    ]);
  });
});
