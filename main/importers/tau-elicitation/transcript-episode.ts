/** One τ-Elicitation compact transcript as a batch episode. */
import type { Speaker } from '../../../shared/domain';
import type { BatchEpisode, BatchTurn } from '../batch';
import { isSuccessful } from '../tau2/judgements';
import { strategyOf } from './manifest';
import type { ElicitTranscript, ManifestRow } from './schema';

/** Who a transcript entry belongs to: agent speech; tool events on the side that made them (caller events on 'user'). */
function speakerOf(turn: ElicitTranscript['turns'][number]): Speaker {
  if (turn.role === 'agent') return 'agent';
  if (turn.role === 'tool') return turn.source === 'user_tool_event' ? 'user' : turn.source === 'agent_tool_event' ? 'agent' : 'tool';
  return turn.role === 'user' ? 'user' : 'system';
}

/**
 * Turns in `order`. The transcripts carry no times. Agent speech is a turn with text; each tool event
 * (log_capture, submit_fields, get_entity, note_readback, note_spell_request, …) is an event in its place, carried by
 * the turn's `tool` on the side that made it, so `agent_tool_event` and `user_tool_event` stay distinguishable.
 */
function turnsOf(t: ElicitTranscript): BatchTurn[] {
  return [...t.turns]
    .sort((a, b) => a.order - b.order)
    .map((turn) => ({
      speaker: speakerOf(turn),
      startMs: null,
      endMs: null,
      text: turn.tool_name ? '' : (turn.text ?? '').trim(),
      tool: turn.tool_name ? { name: turn.tool_name, arguments: turn.tool_arguments ?? null, result: turn.tool_result ?? null } : null,
    }));
}

/** The values the agent submitted: the `fields` of every submit_fields call, later calls overriding earlier ones; null if none. */
function submittedFields(t: ElicitTranscript): Record<string, unknown> | null {
  let out: Record<string, unknown> | null = null;
  for (const turn of t.turns) {
    const fields = (turn.tool_arguments as { fields?: unknown } | null)?.fields;
    if (turn.tool_name === 'submit_fields' && fields && typeof fields === 'object' && !Array.isArray(fields)) out = { ...(out ?? {}), ...(fields as Record<string, unknown>) };
  }
  return out;
}

/**
 * The episode: system from the manifest row of the transcript's cell (else the cell folder's name), condition
 * {strategy, environment}, gold and submitted values in info. externalId is the simulation id, since the same task
 * runs in several environments.
 */
export function transcriptEpisode(t: ElicitTranscript, cell: ManifestRow | undefined, source: string): BatchEpisode {
  const cellName = t.cell.split('/').slice(-2, -1)[0] ?? t.cell;
  return {
    externalId: t.simulation_id,
    system: cell?.system ?? cellName,
    task: t.task_id,
    trial: t.trial,
    condition: { strategy: strategyOf(cell?.cohort ?? t.cohort), environment: cell?.condition ?? 'unknown' },
    outcome: t.reward === null ? null : isSuccessful(t.reward) ? 'pass' : 'fail',
    reward: t.reward,
    durationMs: t.duration_seconds == null ? null : Math.round(t.duration_seconds * 1000),
    info: {
      source,
      cell: t.cell,
      cohort: t.cohort,
      seed: t.seed ?? null,
      sourceSimulationSha256: t.source_simulation_sha256 ?? null,
      terminationReason: t.termination_reason ?? null,
      tickCount: t.tick_count ?? null,
      agentTextSource: [...new Set(t.turns.filter((x) => x.role === 'agent').map((x) => x.source))],
      evaluationFields: t.evaluation_fields,
      submittedFields: submittedFields(t),
      complication: t.complication ?? null,
      speechEnvironment: t.speech_environment ?? null,
    },
    turns: turnsOf(t),
    audio: [],
    judgements: [],
    annotations: [],
  };
}
