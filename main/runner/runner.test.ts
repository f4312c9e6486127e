/** Whole runs through the local OpenAI-protocol server: recording, judging, landing in a study, cancel/resume, failures, secrecy. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeText } from '../../test-support/openai-server/fsk';
import { exampleSetAt, fakeJudge, fakeSystem } from '../../test-support/openai-server/fixtures';
import type { FakeOpenAi } from '../../test-support/openai-server/server';
import { useFakeOpenAiStudio } from '../../test-support/openai-studio';
import type { TempServices } from '../../test-support/temp-services';
import { getEpisode, listEpisodes } from '../db/episodes';
import { readWavHeader } from '../audio/wav-header';
import { decodeWav } from './audio/pcm';
import { runDetail } from './report';
import { startRun, resumeRun } from './runner';

const env = useFakeOpenAiStudio({ firstAudioDelayMs: 30 });
let fake: FakeOpenAi;
let t: TempServices;
let setPath: string;

beforeAll(() => {
  ({ fake, t } = env);
  setPath = exampleSetAt(t.dir, 'dsb-dg-mini.jsonl', fake.baseUrl);
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f)) : [join(dir, f)]));
}

describe('a Realtime run of the DSB-DG example, judged, two repeats', () => {
  let runId: number;
  const progress: { done: number; total: number; message: string; finished: boolean }[] = [];

  beforeAll(async () => {
    t.services.events.subscribe((event, payload) => {
      if (event === 'job.progress' && (payload as { kind: string }).kind === 'run') progress.push(payload as (typeof progress)[number]);
    });
    const run = await startRun(t.services, { set: setPath, system: fakeSystem('realtime', fake.baseUrl), judge: fakeJudge(fake.baseUrl), repeats: 2, concurrency: 2 });
    runId = run.runId;
    await run.done;
  });

  it('finishes every planned episode and reports medians over repeats', () => {
    const d = runDetail(t.services.db, runId)!;
    expect(d.run).toMatchObject({ status: 'done', planned: 6, done: 6, failed: 0, systemId: 'fake-realtime', systemKind: 'realtime', benchmark: 'dsb-dg', jobId: null });
    expect(d.items.map((i) => [i.itemId, i.trials])).toEqual([['library-t1-decay-6', 2], ['library-t1-parking', 2], ['library-t1-renewals', 2]]);
    expect(d.medianFirstAudioMs).toBeGreaterThanOrEqual(25);
    for (const i of d.items) expect(i.medianReward).not.toBeNull();
  });

  it('reports progress with an ETA up to done = total', () => {
    expect(progress.at(-1)).toMatchObject({ done: 6, total: 6, finished: true });
    expect(progress.some((p) => /ETA \d+:\d\d/.test(p.message))).toBe(true);
    const dones = progress.map((p) => p.done);
    expect([...dones].sort((a, b) => a - b)).toEqual(dones);
  });

  it('lands the episodes in the study like an import, with judgements', () => {
    const studyId = runDetail(t.services.db, runId)!.run.studyId!;
    const rows = listEpisodes(t.services.db, studyId);
    expect(rows.map((r) => r.externalId).sort()).toEqual([
      'library-t1-decay-6@fake-realtime#0', 'library-t1-decay-6@fake-realtime#1', 'library-t1-parking@fake-realtime#0',
      'library-t1-parking@fake-realtime#1', 'library-t1-renewals@fake-realtime#0', 'library-t1-renewals@fake-realtime#1',
    ]);
    expect(rows.every((r) => r.judgeLabel !== null && r.benchmark === 'dsb-dg' && r.condition.tier === 'T1' && r.condition.system_kind === 'realtime')).toBe(true);
    const script = getEpisode(t.services.db, rows.find((r) => r.externalId === 'library-t1-decay-6@fake-realtime#0')!.id)!;
    const j = script.judgements[0];
    expect(j).toMatchObject({ judgeId: 'fake-judge', judgeVersion: expect.stringMatching(/^fake-judge-model#[0-9a-f]{10}$/) });
    expect(j.findings.map((f) => f.text.split(':')[0])).toEqual(['p1 (turn 1)', 'p2 (turn 3)', 'p3 (turn 4)', 'p4 (turn 5)', 'p5 (turn 6)']);
    expect(j.votes).toHaveLength(5);
    expect(Object.keys(j.rewardBreakdown!)).toEqual(['accuracy', 'hallucination_rate', 'refusal_on_unanswerable']);
    expect(script.turns.map((x) => x.speaker)).toEqual(['user', 'agent', 'user', 'agent', 'user', 'agent', 'system', 'user', 'agent', 'user', 'agent', 'user', 'agent']);
  });

  it('records a stereo 24 kHz WAV: the user on the left, the agent on the right, turns and first-audio delays on its timeline', () => {
    const studyId = runDetail(t.services.db, runId)!.run.studyId!;
    const row = listEpisodes(t.services.db, studyId).find((r) => r.externalId === 'library-t1-decay-6@fake-realtime#1')!;
    const ep = getEpisode(t.services.db, row.id)!;
    expect(ep.audio).toEqual([expect.objectContaining({ role: 'call', lanes: ['user', 'agent'], sampleRate: 24000, channels: 2 })]);
    const path = (t.services.db.prepare('SELECT path FROM audio_assets WHERE id = ?').get(ep.audio[0].id) as { path: string }).path;
    const header = readWavHeader(path);
    expect([header.channels, header.sampleRate, header.bitsPerSample]).toEqual([2, 24000, 16]);
    expect(row.durationMs).toBe(header.durationMs);
    const bytes = readFileSync(path);
    const stereo = new Int16Array(bytes.buffer.slice(bytes.byteOffset + header.dataOffset, bytes.byteOffset + header.dataOffset + header.dataBytes));
    const lane = (c: number, startMs: number, endMs: number) => Float32Array.from({ length: Math.round(((endMs - startMs) * 24000) / 1000) }, (_, i) => stereo[(Math.round((startMs * 24000) / 1000) + i) * 2 + c] / 32768);
    const info = ep.episode.info as { firstAudioMs: number[] };
    const spoken = ep.turns.filter((x) => x.speaker !== 'system');
    for (let i = 0; i < spoken.length; i += 2) {
      const [user, agent] = [spoken[i], spoken[i + 1]];
      expect(decodeText(lane(0, user.startMs!, user.endMs!)).text).toBe(user.text);
      expect(decodeText(lane(1, agent.startMs!, agent.endMs!)).text).toBe(agent.text);
      expect(decodeText(lane(1, user.startMs!, user.endMs!)).text).toBe('');
      expect(Math.abs(agent.startMs! - user.endMs! - info.firstAudioMs[i / 2])).toBeLessThanOrEqual(1);
      expect(info.firstAudioMs[i / 2]).toBeGreaterThanOrEqual(25);
      expect(agent.words!.map((w) => w.text).join(' ')).toBe(agent.text);
      expect(agent.words![0].startMs).toBe(agent.startMs);
      expect(agent.words!.at(-1)!.endMs).toBeLessThanOrEqual(agent.endMs!);
    }
    expect(decodeWav(bytes).sampleRate).toBe(24000);
  });

  it('never writes the API key to the database, the recordings or the exported transcripts', () => {
    const files = filesUnder(t.dir);
    expect(files.some((f) => f.endsWith('.wav'))).toBe(true);
    expect(files.some((f) => f.endsWith('.json'))).toBe(true);
    expect(files.some((f) => /earshot\.db(-wal)?$/.test(f))).toBe(true);
    for (const f of files) expect(readFileSync(f).includes(Buffer.from(fake.apiKey)), f).toBe(false);
  });
});

describe('operation', () => {
  it('cancels through the job registry and resumes, skipping the episodes already done', async () => {
    const run = await startRun(t.services, { set: setPath, system: fakeSystem('cascade', fake.baseUrl), study: 'resume study', repeats: 2, concurrency: 1 });
    const off = t.services.events.subscribe((event, payload) => {
      if (event === 'job.progress' && (payload as { jobId: string; done: number }).jobId === run.jobId && (payload as { done: number }).done === 2) t.services.jobs.cancel(run.jobId);
    });
    await run.done;
    off();
    const cancelled = runDetail(t.services.db, run.runId)!;
    expect(cancelled.run.status).toBe('cancelled');
    expect(cancelled.run.done).toBe(2);
    const firstTwo = cancelled.episodes.map((e) => e.externalId);
    const resumed = await resumeRun(t.services, run.runId);
    await resumed.done;
    const d = runDetail(t.services.db, run.runId)!;
    expect(d.run).toMatchObject({ status: 'done', done: 6, failed: 0 });
    expect(d.episodes.filter((e) => firstTwo.includes(e.externalId)).every((e) => e.attempts === 1)).toBe(true);
    expect(listEpisodes(t.services.db, d.run.studyId!)).toHaveLength(6);
  });

  it('retries an episode whose socket dropped, and records one that keeps failing without stopping the run', async () => {
    fake.failRealtime({ kind: 'drop', times: 1 });
    const ok = await startRun(t.services, { set: setPath, system: fakeSystem('realtime', fake.baseUrl, { id: 'rt-drop-once', retries: 1, transcribeAgent: null }), concurrency: 1 });
    await ok.done;
    const first = runDetail(t.services.db, ok.runId)!;
    expect(first.run).toMatchObject({ status: 'done', done: 3, failed: 0 });
    expect(first.episodes.map((e) => e.attempts).sort()).toEqual([1, 1, 2]);
    const retried = getEpisode(t.services.db, first.episodes.find((e) => e.attempts === 2)!.episodeId!)!;
    expect((retried.episode.info.warnings as string[]).join('\n')).toMatch(/episode attempt 1 failed: realtime socket closed/);

    fake.failRealtime({ kind: 'drop', times: 2 });
    const bad = await startRun(t.services, { set: setPath, system: fakeSystem('realtime', fake.baseUrl, { id: 'rt-drop-twice', retries: 1, transcribeAgent: null }), concurrency: 1 });
    await bad.done;
    const second = runDetail(t.services.db, bad.runId)!;
    expect(second.run).toMatchObject({ status: 'done', done: 2, failed: 1 });
    expect(second.episodes.find((e) => e.status === 'failed')).toMatchObject({ attempts: 2, error: expect.stringMatching(/realtime socket closed/) });
  });

  it('records an episode that cannot be stored (same system run twice into one study) as failed, with the reason', async () => {
    const system = fakeSystem('text', fake.baseUrl);
    await (await startRun(t.services, { set: setPath, system, study: 'twice' })).done;
    const again = await startRun(t.services, { set: setPath, system, study: 'twice' });
    await again.done;
    const d = runDetail(t.services.db, again.runId)!;
    expect(d.run).toMatchObject({ status: 'done', done: 0, failed: 3 });
    expect(d.episodes[0].error).toMatch(/already in the study with different content/);
  });

  it('refuses to start without a key, naming the variable', async () => {
    await expect(startRun(t.services, { set: setPath, system: fakeSystem('text', fake.baseUrl, { apiKeyEnv: 'EARSHOT_TEST_MISSING_KEY' }) })).rejects.toThrow(
      'system fake-text: no API key: set EARSHOT_TEST_MISSING_KEY in the environment',
    );
  });
});
