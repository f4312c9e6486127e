import { TAU_ELICITATION_ENVIRONMENTS } from './cross-environment-pass';
import { groupBy, meanOrNull } from './group';
import { parseIntakeTask } from './intake-task';

/** One call as the realism analysis reads it. */
export interface RealismCall {
  task: string;
  system: string;
  /** The environment (regular, noise_heavy, speech_heavy, …). */
  environment: string;
  /** The complication kind the catalog assigned the call (`complication.kind`); null for a clean assignment. */
  kind: string | null;
  /** Exact success; null when the call was never scored. */
  success: boolean | null;
  /** The agent asked the caller to spell at least once (a caller `note_spell_request`). */
  spellingRequest: boolean;
  durationSec: number | null;
}

/** One assignment unit: a task in one environment, its calls (one per system) pooled. */
export interface RealismUnit {
  task: string;
  environment: string;
  kind: string | null;
  /** Outcomes averaged over the unit's calls (success over scored calls, duration over timed calls). */
  success: number | null;
  spellingRequest: number;
  durationSec: number | null;
  /** The unit's stratum (environment × entity type), whose assignment shares are its probabilities. */
  stratum: string;
  /** Assignment probabilities of the unit's stratum: each kind's share, and the clean share. */
  probabilities: ReadonlyMap<string, number>;
  clean: number;
}

/** The units of one arm's calls and how many units were left out because their calls disagree on the realism. */
export function realismUnits(calls: readonly RealismCall[]): { units: RealismUnit[]; conflicting: number } {
  let conflicting = 0;
  const bare: Omit<RealismUnit, 'stratum' | 'probabilities' | 'clean'>[] = [];
  for (const list of groupBy(calls, (c) => `${c.task}\u0000${c.environment}`).values()) {
    const scored = list.filter((c) => c.success !== null);
    if (scored.length === 0) continue;
    if (new Set(list.map((c) => c.kind)).size > 1) {
      conflicting += 1;
      continue;
    }
    bare.push({
      task: list[0].task,
      environment: list[0].environment,
      kind: list[0].kind,
      success: meanOrNull(scored.map((c) => (c.success ? 1 : 0))),
      spellingRequest: meanOrNull(list.map((c) => (c.spellingRequest ? 1 : 0)))!,
      durationSec: meanOrNull(list.flatMap((c) => (c.durationSec === null ? [] : [c.durationSec]))),
    });
  }
  const stratum = (u: { task: string; environment: string }) =>
    `${u.environment}\u0000${parseIntakeTask(u.task)?.entityType ?? 'unknown'}`;
  const units: RealismUnit[] = [];
  for (const [key, members] of groupBy(bare, stratum)) {
    const shares = new Map<string, number>();
    for (const [kind, list] of groupBy(members, (u) => u.kind ?? '')) shares.set(kind, list.length / members.length);
    const clean = shares.get('') ?? 0;
    shares.delete('');
    for (const u of members) units.push({ ...u, stratum: key, probabilities: shares, clean });
  }
  return { units, conflicting };
}

/** The environments of the units: the paper's three in order, then any others by name. */
export function environmentsOf(units: readonly RealismUnit[]): string[] {
  const present = [...new Set(units.map((u) => u.environment))];
  const known = TAU_ELICITATION_ENVIRONMENTS.filter((e) => present.includes(e));
  return [...known, ...present.filter((e) => !(known as string[]).includes(e)).sort()];
}
