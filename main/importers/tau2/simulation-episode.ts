/** One τ² simulation (plus its artifacts) as a batch episode. */
import type { Speaker } from '../../../shared/domain';
import { readImportWavHeader } from '../audio-limits';
import type { BatchAudio, BatchEpisode, BatchJudgement, BatchTurn } from '../batch';
import type { AudacityLabel } from './audacity-labels';
import type { SimArtifacts } from './artifacts';
import { compactTicks } from './compact-ticks';
import { isSuccessful, reviewJudgement, rewardJudgement, type ErrorPlacement } from './judgements';
import { messagesToTurns } from './messages-to-turns';
import { rewardProvenance } from './reward-provenance';
import type { PublishedInteractionPanel } from '../../../shared/types/interaction-metrics';
import type { Tau2EvaluationCriteria, Tau2Info, Tau2Simulation, Tau2Tick } from './schema';
import { inCallOrder, speechRuns, tickToolEvents } from './ticks-to-turns';

/** What every simulation of a run shares. */
export interface RunContext {
  info: Tau2Info;
  tickMs: number;
  /** Each task's evaluation criteria from results.json `tasks` (expected actions, information to communicate). */
  criteriaByTask: ReadonlyMap<string, Tau2EvaluationCriteria>;
  /** Records a warning (repeats are collapsed by the caller). */
  warn: (message: string) => void;
  /** The interaction panel a submission.json beside the run publishes for its domain (kept on full-duplex calls). */
  published?: PublishedInteractionPanel | null;
}

const labelTurns = (labels: readonly AudacityLabel[], speaker: Speaker): BatchTurn[] =>
  labels.map((l) => ({ speaker, startMs: l.startMs, endMs: l.endMs, text: l.text, tool: null }));

const labelToolTurns = (labels: readonly AudacityLabel[], speaker: Speaker): BatchTurn[] =>
  labels.map((l) => ({ speaker, startMs: l.startMs, endMs: l.endMs, text: '', tool: { name: l.text, arguments: null, result: null } }));

/**
 * Turns of a full-duplex call. Audacity label files are tau2's own rendering of these same ticks
 * (`generate_audacity_labels`: same runs, same tick arithmetic, text cut to 200 characters), so they are turns, not
 * judge findings. They are used only where the ticks lack what they carry: a lane's speech labels replace that lane's
 * rebuilt turns when none of those has text (slimmed ticks), and tool-call labels stand in for tool events when the
 * ticks carry none for that side.
 */
function fullDuplexTurns(ticks: readonly Tau2Tick[], tickMs: number, labels: SimArtifacts['labels']): BatchTurn[] {
  const lane = (side: 'user' | 'agent', track: AudacityLabel[] | null): BatchTurn[] => {
    const rebuilt = speechRuns(ticks, side, tickMs);
    return track && !rebuilt.some((t) => t.text) ? labelTurns(track, side) : rebuilt;
  };
  const tools = tickToolEvents(ticks, tickMs);
  const hasTools = (side: Speaker) => tools.some((t) => t.speaker === side);
  const labelTools = [
    ...(labels.agentTools && !hasTools('agent') ? labelToolTurns(labels.agentTools, 'agent') : []),
    ...(labels.userTools && !hasTools('user') ? labelToolTurns(labels.userTools, 'user') : []),
  ];
  return inCallOrder([...lane('user', labels.user), ...lane('agent', labels.agent), ...tools, ...labelTools]);
}

function stereoAudio(path: string | null, ctx: RunContext, name: string): BatchAudio[] {
  if (!path) return [];
  try {
    const header = readImportWavHeader(path);
    if (header.channels !== 2) {
      ctx.warn(`${name}: both.wav has ${header.channels} channel(s), expected stereo (user left, agent right); lanes left unassigned`);
      return [{ path, role: 'call', lanes: [] }];
    }
    return [{ path, role: 'call', lanes: ['user', 'agent'] }];
  } catch (err) {
    ctx.warn(`${name}: audio skipped: ${(err as Error).message}`);
    return [];
  }
}

/** Builds the episode: identity and condition from run info, turns from ticks or messages, judgements from reward and reviews. */
export function simulationToEpisode(sim: Tau2Simulation, artifacts: SimArtifacts, ctx: RunContext, name: string): BatchEpisode {
  const { info, tickMs } = ctx;
  const ticks = sim.ticks ?? [];
  let turns: BatchTurn[] = [];
  let place: ErrorPlacement = () => ({ startMs: null, endMs: null });
  if (ticks.length > 0) {
    turns = fullDuplexTurns(ticks, tickMs, artifacts.labels);
    place = (e) => ({
      startMs: e.tick_start != null ? Math.round(e.tick_start * tickMs) : null,
      endMs: e.tick_end != null ? Math.round((e.tick_end + 1) * tickMs) : null,
    });
  } else if (sim.messages) {
    const converted = messagesToTurns(sim.messages, sim.start_time);
    turns = converted.turns;
    place = (e) => ({ startMs: e.turn_idx != null ? (converted.startByTurnIdx.get(e.turn_idx) ?? null) : null, endMs: null });
  }
  const judgements: BatchJudgement[] = [];
  const provenance = sim.reward_info ? rewardProvenance(sim.reward_info) : null;
  if (sim.reward_info) judgements.push(rewardJudgement(sim.reward_info));
  if (sim.review) judgements.push(reviewJudgement('tau2-review', sim.review, place));
  if (sim.user_only_review) judgements.push(reviewJudgement('tau2-user-review', sim.user_only_review, place));
  const complexity = sim.speech_environment?.complexity ?? info.speech_complexity;
  const condition: Record<string, string> = { domain: info.environment_info.domain_name };
  const criteria = ctx.criteriaByTask.get(sim.task_id);
  if (complexity) condition.speech_complexity = complexity;
  return {
    externalId: sim.id,
    system: info.agent_info.llm ?? info.agent_info.implementation,
    task: sim.task_id,
    trial: sim.trial ?? 0,
    condition,
    outcome: sim.reward_info ? (isSuccessful(sim.reward_info.reward) ? 'pass' : 'fail') : null,
    reward: sim.reward_info?.reward ?? null,
    durationMs: Math.round(sim.duration * 1000),
    info: {
      mode: sim.mode,
      terminationReason: sim.termination_reason,
      seed: sim.seed ?? null,
      startTime: sim.start_time,
      endTime: sim.end_time,
      agentCost: sim.agent_cost ?? null,
      userCost: sim.user_cost ?? null,
      hallucinationRetriesUsed: sim.hallucination_retries_used,
      simStatus: artifacts.status,
      speechEnvironment: sim.speech_environment ?? null,
      ...(criteria ? { evaluationCriteria: criteria } : {}),
      ...(provenance ? { rewardProvenance: provenance } : {}),
      ...(ticks.length > 0 && ctx.published ? { publishedInteraction: ctx.published } : {}),
      ...(ticks.length > 0 ? { tickDurationMs: tickMs, ...compactTicks(ticks) } : {}),
    },
    turns,
    audio: stereoAudio(artifacts.bothWav, ctx, name),
    judgements,
    annotations: [],
  };
}
