/** Plays one set item against one system: each scripted turn spoken (or injected), the reply recorded and timed. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BatchEpisode, BatchTurn } from '../importers/batch';
import { RUN_RATE } from './audio/pcm';
import type { TurnAudio } from './audio/synthesize';
import { median } from '../stats/median';
import { composePrompt } from './prompt';
import { CallRecorder } from './recorder';
import type { RetryPolicy } from '../llm/retry';
import type { SetItem } from './set/types';
import { policyOf, type SystemUnderTest } from './systems/types';
import { transcribeAgent, type TranscriberConfig } from './transcribe';
import { duplexOf } from './systems/duplex';
import { runDuplexEpisode } from './run-duplex-episode';
import { episodeWordErrors, transcriptEntry, turnText, type AgentTranscriptEntry } from './agent-transcripts';

/** Everything one episode needs. */
export interface EpisodeJob {
  system: SystemUnderTest;
  item: SetItem;
  trial: number;
  externalId: string;
  audio: TurnAudio;
  outDir: string;
  apiKey: string;
  signal: AbortSignal;
  runInfo: Record<string, unknown>;
  transcriber: TranscriberConfig | null;
  onRetry?: (message: string) => void;
}

/** A recorded episode: the batch episode (no judgements yet) and its latency figures. */
export interface RecordedEpisode {
  episode: BatchEpisode;
  firstAudioMs: (number | null)[];
  medianFirstAudioMs: number | null;
  files: string[];
}

/** A file-name-safe form of an episode id. */
export function fileSlug(externalId: string): string {
  return externalId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 150);
}

/** Runs one episode; throws on failure (the caller retries transient ones). */
export async function runEpisode(job: EpisodeJob): Promise<RecordedEpisode> {
  const duplex = duplexOf(job.system);
  if (duplex) return runDuplexEpisode(job, duplex);
  const { system, item, signal } = job;
  const config = system.config;
  const policy: RetryPolicy = policyOf(config);
  const prompt = composePrompt(config, item);
  const session = await system.open({ ...prompt, apiKey: job.apiKey, signal, onRetry: job.onRetry });
  const rec = new CallRecorder();
  const turns: BatchTurn[] = [];
  const delays: (number | null)[] = [];
  const responseMs: number[] = [];
  const heard: (string | null)[] = [];
  const warnings: string[] = [];
  const transcripts: AgentTranscriptEntry[] = [];
  const probes: { turnId: string; userTurnIndex: number; agentTurnIndex: number; firstAudioMs: number | null }[] = [];
  try {
    for (const turn of item.turns) {
      signal.throwIfAborted();
      if (turn.kind === 'reinjection') {
        await session.inject(turn.text);
        turns.push({ speaker: 'system', startMs: system.audio ? rec.nowMs : null, endMs: system.audio ? rec.nowMs : null, text: '[document re-injected]' });
        continue;
      }
      const pcm = system.audio ? await job.audio.forTurn(turn, signal) : null;
      const reply = await session.turn({ text: turn.text, pcm });
      warnings.push(...reply.warnings);
      delays.push(reply.firstAudioDelayMs);
      responseMs.push(reply.responseMs);
      heard.push(reply.heard);
      const userSpan = pcm ? rec.user(pcm) : null;
      turns.push({ speaker: 'user', startMs: userSpan?.startMs ?? null, endMs: userSpan?.endMs ?? null, text: turn.text });
      let agent: BatchTurn = { speaker: 'agent', startMs: null, endMs: null, text: reply.text };
      if (reply.audio && reply.audio.length) {
        const span = rec.agent(reply.audio, reply.firstAudioDelayMs ?? 0);
        agent = { ...agent, ...span };
        if (job.transcriber) {
          const t = await transcribeAgent(reply.audio, job.transcriber, policy, signal);
          agent.words = t.words?.map((w) => ({ text: w.text, startMs: w.startMs + span.startMs, endMs: w.endMs + span.startMs })) ?? null;
          const entry = transcriptEntry(turns.length, reply.text, t, job.transcriber.model);
          transcripts.push(entry);
          agent.text = turnText(entry, job.transcriber.judgeReads);
        }
      }
      if (turn.kind !== 'distractor') {
        const firstAudioMs = reply.firstAudioDelayMs;
        probes.push({ turnId: turn.id, userTurnIndex: turns.length - 1, agentTurnIndex: turns.length, firstAudioMs });
      }
      turns.push(agent);
      if (system.audio) rec.gap(config.turnGapMs);
    }
  } finally {
    session.close();
  }
  const slug = fileSlug(job.externalId);
  const files: string[] = [];
  const audio: BatchEpisode['audio'] = [];
  if (system.audio) {
    const wav = join(job.outDir, `${slug}.wav`);
    rec.write(wav);
    files.push(wav);
    audio.push({ path: wav, role: 'call', lanes: ['user', 'agent'] });
  }
  const medianFirstAudioMs = median(delays.filter((d): d is number => d !== null));
  const info: Record<string, unknown> = {
    ...item.info,
    run: job.runInfo,
    reference: item.reference,
    documents: item.documents,
    judgedTurns: probes,
    firstAudioMs: delays,
    medianFirstAudioMs,
    first_audio_ms: medianFirstAudioMs,
    responseMs,
    heard,
    ...(job.transcriber ? { agentTranscripts: transcripts, wer: episodeWordErrors(transcripts) } : {}),
    recording: system.audio ? { sampleRate: RUN_RATE, channels: { left: 'user', right: 'agent' } } : null,
    warnings,
  };
  const episode: BatchEpisode = {
    externalId: job.externalId,
    system: config.id,
    task: item.task,
    trial: job.trial,
    condition: { ...item.condition, system_kind: config.kind },
    outcome: null,
    reward: null,
    durationMs: system.audio ? rec.durationMs : null,
    info,
    turns,
    audio,
    judgements: [],
    annotations: [],
  };
  const json = join(job.outDir, `${slug}.json`);
  writeFileSync(json, JSON.stringify({ externalId: job.externalId, system: config.id, item: item.id, trial: job.trial, turns, firstAudioMs: delays, medianFirstAudioMs, warnings }, null, 2));
  files.push(json);
  return { episode, firstAudioMs: delays, medianFirstAudioMs, files };
}
