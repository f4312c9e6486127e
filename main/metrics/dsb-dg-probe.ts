/** Reading DSB-DG probes from an episode: one per entry of `info.probes`, else the episode itself (docs/metrics.md). */
import type { GroundingProbe, HallucinationKind } from '../stats/benchmarks/index';
import type { MetricsEpisode } from './load';
import type { RefreshSchedule } from '../../shared/types/grounding-rows';

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

type Fields = Record<string, unknown>;

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const number = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
const object = (v: unknown): Fields | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : null;
const objects = (v: unknown): Fields[] =>
  Array.isArray(v) ? v.map(object).filter((x): x is Fields => x !== null) : [];
const SCHEDULES: readonly string[] = ['none', 'single', 'multiple'];
const schedule = (v: unknown): RefreshSchedule | null =>
  typeof v === 'string' && SCHEDULES.includes(v) ? (v as RefreshSchedule) : null;
const meaningOf = (label: string | null): LabelMeaning | null =>
  label !== null && Object.prototype.hasOwnProperty.call(GROUNDING_LABELS, label) ? GROUNDING_LABELS[label] : null;

/** First-audio delay from the turns: start of the first agent turn after the last user turn that precedes it, minus that user turn's end. */
export function firstAudioFromTurns(turns: readonly TimedTurn[]): number | null {
  let userEnd: number | null = null;
  for (const t of turns) {
    if (t.speaker === 'user' && t.endMs !== null) userEnd = t.endMs;
    else if (t.speaker === 'agent' && t.startMs !== null && userEnd !== null) return t.startMs - userEnd;
  }
  return null;
}

/** The probes an episode's DSB-DG reader produced and how many it left out for want of a grounding label. */
export interface EpisodeProbes {
  probes: GroundingProbe[];
  unlabelled: number;
}

/** One probe's own fields, read from its entry with the episode's as defaults. */
interface ProbeSource {
  id: string;
  fields: Fields;
  label: string | null;
  confident: boolean | null;
  firstAudioMs: number | null;
  turn: number;
  question: string | null;
}

function build(e: MetricsEpisode, s: ProbeSource): GroundingProbe | null {
  const meaning = meaningOf(s.label);
  if (!meaning) return null;
  const f = s.fields;
  const answerable = bool(f.answerable) ?? s.label !== 'correct_abstention';
  return {
    system: e.system,
    script: text(e.info.script) ?? text(e.condition.script) ?? e.externalId,
    probe: s.id,
    question: s.question ?? s.id,
    domain: text(f.domain) ?? text(e.condition.domain) ?? text(e.info.domain) ?? 'unknown',
    tier: text(f.tier) ?? text(e.condition.tier) ?? text(e.info.tier) ?? 'unknown',
    turn: s.turn,
    answerable,
    refused: meaning.refused,
    correct: answerable && meaning.correct,
    hallucination: meaning.hallucination,
    confident: meaning.confident ?? s.confident ?? f.hedged !== true,
    refresh: schedule(f.refresh) ?? schedule(e.info.refresh) ?? schedule(e.condition.refresh),
    repeats: text(f.repeats),
    firstAudioMs: s.firstAudioMs,
  };
}

/** Probes listed in `info.probes`: labels from the entry, else `info.probeLabels`, else (one entry) the episode's. */
function listedProbes(e: MetricsEpisode, entries: readonly Fields[], turns: readonly TimedTurn[]): EpisodeProbes {
  const labels = new Map(objects(e.info.probeLabels).map((l) => [text(l.id), l]));
  const timed = new Map(objects(e.info.judgedTurns).map((j) => [text(j.turnId), number(j.firstAudioMs)]));
  const single = entries.length === 1;
  const episodeLabel = e.judge?.label ?? e.outcome ?? null;
  const delay = single ? episodeDelay(e, turns) : null;
  const ids = entries.map((f, i) => text(f.id) ?? `p${i + 1}`);
  const questionOf = (i: number, seen: Set<number> = new Set()): string => {
    const own = text(entries[i].question);
    const twin = ids.indexOf(text(entries[i].repeats) ?? '\u0000');
    if (own !== null || twin < 0 || seen.has(twin)) return own ?? ids[i];
    return questionOf(twin, seen.add(i));
  };
  const probes: GroundingProbe[] = [];
  entries.forEach((f, i) => {
    const judged = labels.get(ids[i]);
    const p = build(e, {
      id: ids[i],
      fields: f,
      label: text(f.label) ?? text(judged?.label) ?? (single ? episodeLabel : null),
      confident: bool(f.confident) ?? bool(judged?.confident) ?? (single ? bool(e.info.confident) : null),
      firstAudioMs: number(f.first_audio_ms) ?? number(f.firstAudioMs) ?? timed.get(ids[i]) ?? (single ? delay : null),
      turn: number(f.turn) ?? i + 1,
      question: questionOf(i),
    });
    if (p) probes.push(p);
  });
  return { probes, unlabelled: entries.length - probes.length };
}

const episodeDelay = (e: MetricsEpisode, turns: readonly TimedTurn[]): number | null =>
  number(e.info.first_audio_ms) ?? number(e.info.firstAudioMs) ?? firstAudioFromTurns(turns);

/**
 * The probes an episode records. With an `info.probes` list (the runner's scripts, or imported multi-probe
 * episodes) every entry is a probe; otherwise the episode is one probe labelled by its latest judgement (else outcome).
 * A probe whose label is not a grounding label is left out and counted.
 */
export function probesOf(e: MetricsEpisode, turns: readonly TimedTurn[]): EpisodeProbes {
  const entries = objects(e.info.probes);
  if (entries.length) return listedProbes(e, entries, turns);
  const label = e.judge?.label ?? e.outcome ?? null;
  const p = build(e, {
    id: e.externalId,
    fields: { ...e.info, tier: undefined, domain: undefined, refresh: undefined },
    label,
    confident: bool(e.info.confident),
    firstAudioMs: episodeDelay(e, turns),
    turn: number(e.info.probe_turn) ?? number(e.info.turn) ?? 1,
    question: text(e.info.question_id) ?? e.task,
  });
  return p ? { probes: [p], unlabelled: 0 } : { probes: [], unlabelled: 1 };
}
