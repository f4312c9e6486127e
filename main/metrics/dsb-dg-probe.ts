/** Reading a DSB-DG probe from an episode: which condition, info and judgement fields mean what (docs/metrics.md). */
import type { GroundingProbe, HallucinationKind } from '../stats/benchmarks/index';
import type { MetricsEpisode } from './load';

/** What a grounding label says about the answer. */
interface LabelMeaning {
  refused: boolean;
  /** Whether the answer matches the document (only ever true on answerable probes). */
  correct: boolean;
  hallucination: HallucinationKind;
  /** The label itself says the answer was confidently wrong. */
  confident?: true;
}

/** The judgement labels a DSB-DG probe may carry, and what each means. */
export const GROUNDING_LABELS: Readonly<Record<string, LabelMeaning>> = {
  grounded: { refused: false, correct: true, hallucination: 'none' },
  pass: { refused: false, correct: true, hallucination: 'none' },
  intrinsic_hallucination: { refused: false, correct: false, hallucination: 'intrinsic' },
  extrinsic_hallucination: { refused: false, correct: false, hallucination: 'extrinsic' },
  false_confidence: { refused: false, correct: false, hallucination: 'none', confident: true },
  fail: { refused: false, correct: false, hallucination: 'none' },
  correct_abstention: { refused: true, correct: false, hallucination: 'none' },
  abstention: { refused: true, correct: false, hallucination: 'none' },
  refusal: { refused: true, correct: false, hallucination: 'none' },
};

/** A speech turn's speaker and times, for the first-audio delay. */
export interface TimedTurn {
  speaker: string;
  startMs: number | null;
  endMs: number | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const number = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** First-audio delay from the turns: start of the first agent turn after the last user turn that precedes it, minus that user turn's end. */
export function firstAudioFromTurns(turns: readonly TimedTurn[]): number | null {
  let userEnd: number | null = null;
  for (const t of turns) {
    if (t.speaker === 'user' && t.endMs !== null) userEnd = t.endMs;
    else if (t.speaker === 'agent' && t.startMs !== null && userEnd !== null) return t.startMs - userEnd;
  }
  return null;
}

/** True when the probe belongs to a decay script: `condition.protocol` (else `info.protocol`) starts with `decay`. */
export function isDecayProbe(e: MetricsEpisode): boolean {
  return (text(e.condition.protocol) ?? text(e.info.protocol) ?? '').startsWith('decay');
}

/**
 * The probe an episode records, or null when its label is not a grounding label. The label is the latest judgement's
 * (else the outcome). answerable = `info.answerable` (default true; false when the label is correct_abstention and
 * info is silent); confident = `info.confident`, else not `info.hedged`, forced true by false_confidence.
 */
export function probeOf(e: MetricsEpisode, turns: readonly TimedTurn[]): GroundingProbe | null {
  const label = e.judge?.label ?? e.outcome ?? '';
  const meaning = Object.prototype.hasOwnProperty.call(GROUNDING_LABELS, label) ? GROUNDING_LABELS[label] : null;
  if (!meaning) return null;
  const answerable = typeof e.info.answerable === 'boolean' ? e.info.answerable : label !== 'correct_abstention';
  const confident = meaning.confident ?? (typeof e.info.confident === 'boolean' ? e.info.confident : e.info.hedged !== true);
  const turn = number(e.info.probe_turn) ?? number(e.info.turn) ?? 1;
  const reinjection = e.info.reinjection ?? e.condition.reinjection;
  return {
    system: e.system,
    script: text(e.info.script) ?? text(e.condition.script) ?? e.externalId,
    probe: e.externalId,
    domain: text(e.condition.domain) ?? text(e.info.domain) ?? 'unknown',
    tier: text(e.condition.tier) ?? text(e.info.tier) ?? 'unknown',
    turn,
    answerable,
    refused: meaning.refused,
    correct: answerable && meaning.correct,
    hallucination: meaning.hallucination,
    confident,
    reinjection: reinjection === 'before' || reinjection === 'after' ? reinjection : null,
    firstAudioMs: number(e.info.first_audio_ms) ?? number(e.info.firstAudioMs) ?? firstAudioFromTurns(turns),
  };
}
