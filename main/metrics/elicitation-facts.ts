/** What the τ-Elicitation analyses read from an episode beyond its outcome: caller voice, realism, duration, subset. */
import type { MetricsEpisode, ToolTurn } from './load';

const objectOf = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The subset of an episode (`info.subset`, e.g. `example`, `validation`), or null for a results-cell episode. */
export function subsetOf(e: MetricsEpisode): string | null {
  const subset = e.info.subset;
  return typeof subset === 'string' && subset !== '' ? subset : null;
}

/** The caller voice of a call (`info.speechEnvironment.persona_name`), or null when it names none. */
export function voiceOf(e: MetricsEpisode): string | null {
  const persona = objectOf(e.info.speechEnvironment)?.persona_name;
  return typeof persona === 'string' && persona !== '' ? persona : null;
}

/**
 * The realism a call was assigned: `{ kind }` from `info.complication.kind` (kind null for a clean call, whose
 * complication is null); undefined when the call records no complication at all (it takes no part in the analysis).
 */
export function assignedRealism(e: MetricsEpisode): { kind: string | null } | undefined {
  if (!('complication' in e.info)) return undefined;
  const complication = e.info.complication;
  if (complication === null) return { kind: null };
  const kind = objectOf(complication)?.kind;
  return typeof kind === 'string' && kind !== '' ? { kind } : undefined;
}

/** The call's duration in seconds, or null when unknown. */
export function durationSec(e: MetricsEpisode): number | null {
  return e.durationMs === null ? null : e.durationMs / 1000;
}

/** True when the caller recorded at least one spelling request (`note_spell_request` on the caller's side). */
export function spellingRequested(tools: readonly ToolTurn[]): boolean {
  return tools.some((t) => t.speaker === 'user' && t.name === 'note_spell_request');
}
