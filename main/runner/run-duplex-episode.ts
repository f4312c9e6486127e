/**
 * Plays one set item as a full-duplex call: the caller's script streamed on one clock with the agent's audio, then
 * the turn-taking figures measured from the recording (duplex-measure.ts) and stored in the episode's info: FTED per
 * turn as `firstAudioMs`, the τ² tick copy the interaction panel reads, barge-ins, interruptions and overlaps.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BatchEpisode, BatchTurn } from '../importers/batch';
import { median } from '../stats/median';
import { RUN_RATE, writeWav } from './audio/pcm';
import { RUN_TICK_MS, measureDuplex, tickRunsOf } from './duplex-measure';
import { composePrompt } from './prompt';
import { fileSlug, type EpisodeJob, type RecordedEpisode } from './run-episode';
import type { CallerStep, DuplexCall, DuplexSystem } from './systems/duplex';
import { policyOf } from './systems/types';
import { transcribeAgent } from './transcribe';
import { episodeWordErrors, transcriptEntry, turnText, type AgentTranscriptEntry } from './agent-transcripts';

/** Server events kept in the episode's info (turn-taking ones; deltas and the rest are left out). */
const KEPT_EVENTS = /^(input_audio_buffer\.|conversation\.item\.truncated$|response\.(created|done)$)/;

const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);

/** The episode's turns: each caller turn, then the replies to it; judged turns noted with their FTED. */
async function turnsOf(job: EpisodeJob, call: DuplexCall, fted: (number | null)[]) {
  const turns: BatchTurn[] = [];
  const transcripts: AgentTranscriptEntry[] = [];
  const probes: { turnId: string; userTurnIndex: number; agentTurnIndex: number; firstAudioMs: number | null }[] = [];
  let spoken = 0;
  for (const turn of job.item.turns) {
    if (turn.kind === 'reinjection') {
      const at = call.callerTurns[spoken - 1]?.endMs ?? 0;
      turns.push({ speaker: 'system', startMs: at, endMs: at, text: '[document re-injected]' });
      continue;
    }
    const i = spoken++;
    turns.push({ speaker: 'user', ...call.callerTurns[i], text: turn.text });
    const userTurnIndex = turns.length - 1;
    const replies = call.replies.filter((r) => r.callerTurn === i);
    if (!replies.length) turns.push({ speaker: 'agent', startMs: null, endMs: null, text: '' });
    for (const reply of replies) {
      const agent: BatchTurn = { speaker: 'agent', startMs: reply.startMs, endMs: reply.endMs, text: reply.text };
      if (job.transcriber) {
        const t = await transcribeAgent(reply.audio, job.transcriber, policyOf(job.system.config), job.signal);
        agent.words =
          t.words?.map((w) => ({ ...w, startMs: w.startMs + reply.startMs, endMs: w.endMs + reply.startMs })) ?? null;
        const entry = transcriptEntry(turns.length, reply.text, t, job.transcriber.model);
        transcripts.push(entry);
        // A cut-off reply's own text may run past what played: it takes the transcript of what did.
        agent.text =
          reply.truncatedAtMs !== null ? entry.transcript || entry.vendor : turnText(entry, job.transcriber.judgeReads);
      }
      turns.push(agent);
    }
    if (turn.kind !== 'distractor') {
      probes.push({ turnId: turn.id, userTurnIndex, agentTurnIndex: userTurnIndex + 1, firstAudioMs: fted[i] });
    }
  }
  return { turns, probes, transcripts };
}

/** Runs one episode full duplex; throws on failure (the caller retries transient ones). */
export async function runDuplexEpisode(job: EpisodeJob, system: DuplexSystem): Promise<RecordedEpisode> {
  const { item, signal } = job;
  const config = job.system.config;
  const session = await system.openDuplex({
    ...composePrompt(config, item),
    apiKey: job.apiKey,
    signal,
    onRetry: job.onRetry,
  });
  let call: DuplexCall;
  try {
    const steps: CallerStep[] = [];
    for (const turn of item.turns) {
      if (turn.kind === 'reinjection') steps.push({ kind: 'inject', text: turn.text });
      else
        steps.push({
          kind: 'speak',
          text: turn.text,
          pcm: await job.audio.forTurn(turn, signal),
          interruptAtMs: turn.interruptAtMs ?? null,
        });
    }
    call = await session.call(steps);
  } finally {
    session.close();
  }
  const figures = measureDuplex(call.lanes, RUN_RATE, call.callerTurns);
  const fted = figures.ftedMs.map(round1);
  const { turns, probes, transcripts } = await turnsOf(job, call, fted);
  const slug = fileSlug(job.externalId);
  const wav = join(job.outDir, `${slug}.wav`);
  writeWav(wav, call.lanes, RUN_RATE);
  const durationMs = Math.round((call.lanes[0].length / RUN_RATE) * 1000);
  const medianFirstAudioMs = median(fted.filter((d): d is number => d !== null));
  const interaction = {
    source: 'recording',
    ftedMs: fted,
    responseMs: figures.responseMs.map(round1),
    speechEndMs: figures.speechEndMs.map(round1),
    interruptions: figures.interruptions.map((x) => ({ ...x, atMs: round1(x.atMs), yieldMs: round1(x.yieldMs) })),
    overlaps: figures.overlaps.map((o) => ({ startMs: round1(o.startMs), endMs: round1(o.endMs) })),
    overlapMs: round1(figures.overlapMs),
    bargeIns: call.bargeIns,
    truncated: call.replies
      .filter((r) => r.truncatedAtMs !== null)
      .map((r) => ({ itemId: r.itemId, audioEndMs: r.truncatedAtMs })),
    serverEvents: call.events.filter((e) => KEPT_EVENTS.test(e.type)),
  };
  const info: Record<string, unknown> = {
    ...item.info,
    run: job.runInfo,
    reference: item.reference,
    documents: item.documents,
    judgedTurns: probes,
    firstAudioMs: fted,
    medianFirstAudioMs,
    first_audio_ms: medianFirstAudioMs,
    responseMs: interaction.responseMs,
    heard: call.heard,
    ...(job.transcriber ? { agentTranscripts: transcripts, wer: episodeWordErrors(transcripts) } : {}),
    recording: { sampleRate: RUN_RATE, channels: { left: 'user', right: 'agent' }, duplex: true },
    interaction,
    tickDurationMs: RUN_TICK_MS,
    tickRuns: tickRunsOf(figures, durationMs),
    tickEffects: [],
    warnings: call.warnings,
  };
  const episode: BatchEpisode = {
    externalId: job.externalId,
    system: config.id,
    task: item.task,
    trial: job.trial,
    condition: { ...item.condition, system_kind: config.kind },
    outcome: null,
    reward: null,
    durationMs,
    info,
    turns,
    audio: [{ path: wav, role: 'call', lanes: ['user', 'agent'] }],
    judgements: [],
    annotations: [],
  };
  const json = join(job.outDir, `${slug}.json`);
  const summary = {
    externalId: job.externalId,
    system: config.id,
    item: item.id,
    trial: job.trial,
    turns,
    interaction,
  };
  writeFileSync(
    json,
    JSON.stringify({ ...summary, firstAudioMs: fted, medianFirstAudioMs, warnings: call.warnings }, null, 2),
  );
  return { episode, firstAudioMs: fted, medianFirstAudioMs, files: [wav, json] };
}
