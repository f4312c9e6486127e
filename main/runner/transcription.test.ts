/** Transcription before judging, through the local OpenAI-protocol server: the judge reads what was heard, the vendor's transcript is kept with the WER. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrain, type BrainMessage } from '../../test-support/openai-server/brain';
import { fakeJudge, fakeSystem } from '../../test-support/openai-server/fixtures';
import { useFakeOpenAiStudio } from '../../test-support/openai-studio';
import { getEpisode, listEpisodes } from '../db/episodes';
import { studyMetrics } from '../metrics/study-metrics';
import { runDetail } from './report';
import { startRun } from './runner';

const prompts: BrainMessage[][] = [];
const base = makeBrain();
const env = useFakeOpenAiStudio({
  firstAudioDelayMs: 20,
  brain: (messages) => (prompts.push([...messages]), base(messages)),
  // whisper-1 hears "one week" as "won weak"; the cascade's own speech-to-text (fake-whisper) hears right.
  mishear: { model: 'whisper-1', words: { one: 'won', week: 'weak' } },
});

const SAID = 'DVDs are lent for one week only.';
const HEARD = 'DVDs are lent for won weak only.';

function writeSet(dir: string, baseUrl: string): string {
  const path = join(dir, 'transcribed.jsonl');
  const lines = [
    {
      schema: 'earshot-set-v1',
      kind: 'dsb-dg',
      name: 'Transcribed',
      synthesis: { engine: 'openai', baseUrl, model: 'fake-tts', voice: 'alloy' },
    },
    {
      schema: 'dsbdg-script-v1',
      id: 'dvd',
      document: { text: `${SAID} Late returns cost twenty cents per day.` },
      tier: 'T1',
      question: 'How long can I keep a DVD?',
      answer: 'One week.',
    },
  ];
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return path;
}

const answerLines = () =>
  prompts
    .flatMap((m) => m.map((x) => x.content))
    .flatMap((c) => c.split('\n'))
    .filter((l) => l.startsWith('Agent answer:'));

describe.each(['realtime', 'cascade'] as const)('a %s run transcribed with whisper-1 before judging', (kind) => {
  let runId: number;
  let studyId: number;
  beforeAll(async () => {
    prompts.length = 0;
    const { fake, t } = env;
    const system = fakeSystem(kind, fake.baseUrl, { id: `heard-${kind}`, transcribeAgent: { model: 'whisper-1' } });
    const run = await startRun(t.services, {
      set: writeSet(t.dir, fake.baseUrl),
      system,
      judge: fakeJudge(fake.baseUrl),
      repeats: 2,
    });
    runId = run.runId;
    await run.done;
    studyId = runDetail(t.services.db, runId)!.run.studyId!;
  });

  it('gives the judge the transcribed answer, never the vendor’s', () => {
    const lines = answerLines();
    expect(lines.length).toBe(2 * 3); // two repeats × three votes
    expect(new Set(lines)).toEqual(new Set([`Agent answer: ${HEARD}`]));
    const rows = listEpisodes(env.t.services.db, studyId);
    // Graded on what was heard: "won weak" gives none of the reference's words.
    expect(rows.map((r) => r.judgeLabel)).toEqual(['intrinsic_hallucination', 'intrinsic_hallucination']);
  });

  it('keeps the vendor transcript beside the transcript with the hand-computed WER, per reply', () => {
    const ep = getEpisode(env.t.services.db, listEpisodes(env.t.services.db, studyId)[0].id)!;
    expect(ep.turns.find((x) => x.speaker === 'agent')!.text).toBe(HEARD);
    // Reference "dvds are lent for one week only" (7 words), hypothesis "... won weak only": 2 substitutions.
    const wer = { referenceWords: 7, hits: 5, substitutions: 2, deletions: 0, insertions: 0, wer: 2 / 7 };
    expect(ep.episode.info.agentTranscripts).toEqual([
      { turnIndex: 1, vendor: SAID, transcript: HEARD, model: 'whisper-1', wer },
    ]);
    expect(ep.episode.info.wer).toEqual(wer);
  });

  it('summarizes the WER per system in the run report and in the study metrics', () => {
    const pooled = { referenceWords: 14, substitutions: 4, deletions: 0, insertions: 0, wer: 4 / 14 };
    expect(runDetail(env.t.services.db, runId)!.transcription).toMatchObject({
      system: `heard-${kind}`,
      model: 'whisper-1',
      episodes: 2,
      replies: 2,
      ...pooled,
      medianReplyWer: 2 / 7,
    });
    const m = studyMetrics(env.t.services.db, studyId, { resamples: 100 });
    expect(m.transcription).toMatchObject([{ system: `heard-${kind}`, replies: 2, ...pooled }]);
    const table = m.tables.find((x) => x.id === 'transcription-wer')!;
    expect(table.rows).toEqual([
      expect.objectContaining({ system: `heard-${kind}`, wer: 4 / 14, medianReplyWer: 2 / 7 }),
    ]);
  });
});
