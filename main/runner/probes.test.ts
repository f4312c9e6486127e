/** The runner stores every DSB-DG probe of a script (FTED, repeat, question, refresh); the metrics read each one. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeJudge, fakeSystem } from '../../test-support/openai-server/fixtures';
import { useFakeOpenAiStudio } from '../../test-support/openai-studio';
import { getEpisode, listEpisodes } from '../db/episodes';
import { studyMetrics } from '../metrics/study-metrics';
import type { StudyMetrics } from '../../shared/types/metrics';
import { runDetail } from './report';
import { startRun } from './runner';
import { readEpisodeSet } from './set/read-set';

const env = useFakeOpenAiStudio({ firstAudioDelayMs: 30 });
const DOC = 'DVDs are lent for one week only. Late returns cost twenty cents per item per day.';
const DVD = { text: 'How long can I keep a DVD?', answer: 'One week.' };

/** Writes the set: a decay script whose last probe repeats its first, and the same question with one refresh. */
function writeSet(dir: string, baseUrl: string, extra: Record<string, unknown>[] = []): string {
  const path = join(dir, `probes-${extra.length}.jsonl`);
  const lines = [
    {
      schema: 'earshot-set-v1', kind: 'dsb-dg', name: 'Probe units',
      synthesis: { engine: 'openai', baseUrl, model: 'fake-tts', voice: 'alloy' }, documents: [{ id: 'lib', text: DOC }],
    },
    { schema: 'dsbdg-script-v1', id: 'decay', document: 'lib', tier: 'T3', protocol: 'decay-4', turns: [
      { id: 'e1', ...DVD, question_id: 'dvd' },
      { id: 'd1', kind: 'distractor', text: 'I watched a film last night.' },
      { id: 'u1', text: 'Does the library have a cafe?', answerable: false },
      { id: 'l1', text: 'Remind me, how long can I keep a DVD?', answer: DVD.answer, repeats: 'e1' },
    ] },
    { schema: 'dsbdg-script-v1', id: 'refreshed', document: 'lib', tier: 'T3', protocol: 'refresh', turns: [
      { id: 'e1', ...DVD, question_id: 'dvd' },
      { id: 'f1', text: 'What do late returns cost?', answer: 'Twenty cents per item per day.' },
    ], reinjection: { after_turns: [1] } },
    ...extra,
  ];
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return path;
}

describe('DSB-DG probes from the runner', () => {
  let m: StudyMetrics;
  let studyId: number;
  beforeAll(async () => {
    const { fake, t } = env;
    const system = fakeSystem('realtime', fake.baseUrl);
    const run = await startRun(t.services, { set: writeSet(t.dir, fake.baseUrl), system, judge: fakeJudge(fake.baseUrl) });
    await run.done;
    studyId = runDetail(t.services.db, run.runId)!.run.studyId!;
    m = studyMetrics(t.services.db, studyId, { resamples: 200 });
  });

  it('stores each probe’s question, repeat, refresh schedule and FTED', () => {
    const rows = listEpisodes(env.t.services.db, studyId);
    const info = (id: string) => getEpisode(env.t.services.db, rows.find((r) => r.externalId === id)!.id)!.episode.info;
    const decay = info('decay@fake-realtime#0');
    expect((decay.probes as Record<string, unknown>[]).map((p) => [p.id, p.question, p.repeats])).toEqual([
      ['e1', 'dvd', null], ['u1', 'lib/u1', null], ['l1', 'dvd', 'e1'],
    ]);
    expect([decay.refresh, info('refreshed@fake-realtime#0').refresh]).toEqual(['none', 'single']);
    // One delay per spoken turn (the distractor too); the judged turns keep their own.
    const delays = decay.firstAudioMs as number[];
    const judged = decay.judgedTurns as { turnId: string; firstAudioMs: number }[];
    const expected = [['e1', delays[0]], ['u1', delays[2]], ['l1', delays[3]]];
    expect(judged.map((j) => [j.turnId, j.firstAudioMs])).toEqual(expected);
    expect(delays.every((d) => d >= 25)).toBe(true);
  });

  it('reads every probe as a unit: nothing is dropped for want of an episode label', () => {
    const d = m.dsbDg!;
    expect([d.episodes, d.probes, d.unlabelled]).toEqual([2, 5, 0]);
    expect(m.notes.filter((n) => n.startsWith('dsb-dg'))).toEqual([]);
    // The fake agent answers from the document, the fake judge grades: the DVD answers are grounded, the cafe refused.
    const s = d.bySystem[0].summary;
    expect([s.accuracy.numerator, s.accuracy.denominator, s.refusalOnUnanswerable.numerator]).toEqual([4, 4, 1]);
  });

  it('GDS pairs l1 with e1; refresh compares question dvd without and with one refresh; FTED per probe', () => {
    const d = m.dsbDg!;
    expect(d.decay.map((r) => [r.pairs, r.early.value, r.late.value, r.gds])).toEqual([[1, 1, 1, 0]]);
    const refresh = d.refresh.map((r) => [r.schedule, r.questions, r.none.denominator, r.accuracy.denominator, r.benefit]);
    expect(refresh).toEqual([['single', 1, 2, 1, 0]]);
    expect(d.latency[0].firstAudio.n).toBe(5);
    expect(d.latency[0].accuracyT3.value).toBe(1);
    expect(d.latency[0].qal).toBe(0);
  });

  it('refuses a repeat that names no earlier probe', async () => {
    const bad = { schema: 'dsbdg-script-v1', id: 'bad', document: 'lib', tier: 'T1', turns: [{ id: 'l1', ...DVD, repeats: 'e9' }] };
    const read = readEpisodeSet(writeSet(env.t.dir, env.fake.baseUrl, [bad]));
    await expect(read).rejects.toThrow(/line 4: turns\.0\.repeats: no earlier probe/);
  });
});
