/**
 * A full-duplex run end to end through the local Realtime server: a scripted barge-in lands in the study as turns
 * on the recording's clock, with the figures measured from the recording in the episode's info and the τ² panel.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeSystem } from '../../test-support/openai-server/fixtures';
import { useFakeOpenAiStudio } from '../../test-support/openai-studio';
import { getEpisode, listEpisodes } from '../db/episodes';
import { studyInteractionMetrics } from '../metrics/interaction-metrics';
import { runDetail } from './report';
import { startRun } from './runner';

const PACE = 0.4;
const DELAY_MS = 300;
const env = useFakeOpenAiStudio({ responseDelayMs: DELAY_MS, clockRate: PACE, chunkMs: 50 });

describe('a full-duplex run with a scripted barge-in', () => {
  let studyId: number;
  let info: Record<string, unknown>;
  let turns: { speaker: string; startMs: number | null; endMs: number | null; text: string }[];

  beforeAll(async () => {
    const { fake, t } = env;
    const set = join(t.dir, 'barge-in.jsonl');
    const header = {
      schema: 'earshot-set-v1',
      kind: 'generic',
      name: 'Barge-in',
      synthesis: { engine: 'openai', baseUrl: fake.baseUrl, model: 'fake-tts' },
    };
    const item = {
      schema: 'earshot-set-item-v1',
      id: 'museum',
      document: 'The museum opens at nine. Tickets cost twelve dollars for adults.',
      turns: [
        { text: 'How much do tickets cost?', reference: 'Twelve dollars.' },
        { text: 'When does the museum open?', reference: 'At nine.', interruptAtMs: 300 },
      ],
    };
    writeFileSync(set, `${JSON.stringify(header)}\n${JSON.stringify(item)}\n`);
    const turnDetection = { type: 'server_vad', silenceDurationMs: 200 };
    const system = fakeSystem('realtime', fake.baseUrl, { pace: PACE, chunkMs: 20, turnDetection });
    const run = await startRun(t.services, { set, system });
    await run.done;
    const detail = runDetail(t.services.db, run.runId)!;
    expect(detail.run).toMatchObject({ status: 'done', done: 1, failed: 0 });
    studyId = detail.run.studyId!;
    const episode = getEpisode(t.services.db, listEpisodes(t.services.db, studyId)[0].id)!;
    info = episode.episode.info;
    turns = episode.turns;
  }, 20_000);

  it('stores the turns on the recording clock: the caller starts 300 ms into the reply, which stops there', () => {
    expect(turns.map((x) => x.speaker)).toEqual(['user', 'agent', 'user', 'agent']);
    const [, cut, interrupting, answer] = turns;
    expect(interrupting.startMs! - cut.startMs!).toBeGreaterThanOrEqual(300);
    expect(interrupting.startMs! - cut.startMs!).toBeLessThanOrEqual(302);
    expect(cut.endMs! - interrupting.startMs!).toBeLessThanOrEqual(25);
    // The cut reply's text is the transcription of what played: 20 ms of tones per byte.
    expect('Tickets cost twelve dollars for adults.'.startsWith(cut.text)).toBe(true);
    expect(cut.text.length).toBeGreaterThanOrEqual(14);
    expect(cut.text.length).toBeLessThanOrEqual(17);
    expect(answer.text).toBe('The museum opens at nine.');
  });

  it('keeps each reply’s transcript beside the server’s own text, with its word error rate', () => {
    const entries = info.agentTranscripts as {
      turnIndex: number;
      vendor: string;
      transcript: string;
      wer: { wer: number };
    }[];
    expect(entries.map((e) => e.turnIndex)).toEqual([1, 3]);
    // The answer played whole and was heard as said: no word errors.
    expect(entries[1]).toMatchObject({ vendor: 'The museum opens at nine.', transcript: 'The museum opens at nine.' });
    expect(entries[1].wer.wer).toBe(0);
    expect(info.wer).toBeTruthy();
  });

  it('keeps the barge-in, the truncation and the measured figures in the episode’s info', () => {
    const interaction = info.interaction as {
      bargeIns: { audioEndMs: number }[];
      truncated: { audioEndMs: number }[];
      interruptions: { by: string; yieldMs: number }[];
      overlapMs: number;
    };
    expect(interaction.bargeIns).toHaveLength(1);
    expect(env.fake.realtimeTruncations.map((x) => x.audioEndMs)).toEqual([interaction.bargeIns[0].audioEndMs]);
    expect(interaction.truncated).toEqual([
      expect.objectContaining({ audioEndMs: interaction.bargeIns[0].audioEndMs }),
    ]);
    expect(interaction.interruptions.map((x) => x.by)).toEqual(['user']);
    expect(interaction.overlapMs).toBeCloseTo(interaction.interruptions[0].yieldMs, 0);
    const fted = info.firstAudioMs as number[];
    expect(fted).toHaveLength(2);
    for (const ms of fted) expect(Math.abs(ms - DELAY_MS)).toBeLessThanOrEqual(20);
    expect(info.first_audio_ms).toBe(info.medianFirstAudioMs);
  });

  it('gives the study’s τ² interaction panel the call: two responses, one yield to the interruption', () => {
    const panel = studyInteractionMetrics(env.t.services.db, studyId)!;
    expect(panel.tickDurationSec).toBe(0.05);
    expect(panel.overall.counts).toMatchObject({ simulations: 1, yields: 1, yieldTotal: 1 });
    expect(panel.overall.yieldLatencyMeanSec).toBeLessThanOrEqual(0.05);
    expect(panel.overall.responseLatencyMeanSec).toBeCloseTo(DELAY_MS / 1000, 1);
  });
});
