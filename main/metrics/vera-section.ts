/** VERA tables: accuracy per track and macro, voice–text gaps pooled, per track and macro (McNemar, Holm), latency. */
import {
  groupBy,
  holmAdjust,
  isScored,
  pairGrades,
  paretoFrontier,
  summarizeLatency,
  veraAccuracy,
  voiceTextGaps,
  type BootstrapOptions,
  type NotAttemptedPolicy,
  type VeraGrade,
  type VeraGradeLabel,
} from '../stats/benchmarks/index';
import type { LatencyAccuracyPoint, VeraSection, VeraSystemRow, VoiceTextGapRow } from '../../shared/types/metrics';
import { hits, meanInterval } from './intervals';
import type { MetricsEpisode } from './load';
import type { VoiceTextGaps } from '../../shared/types/vera-rows';

/** VERA's five tracks in the paper's order. */
export const VERA_TRACKS = ['mathematical_reasoning', 'web', 'science', 'long_context', 'factual_recall'] as const;

const GRADES: readonly string[] = ['CORRECT', 'INCORRECT', 'NOT_ATTEMPTED'];

/** The grade of a response: the latest judgement's label when it is a VERA grade, else the outcome upper-cased, else null (ungraded). */
export function gradeOf(e: MetricsEpisode): VeraGradeLabel | null {
  for (const candidate of [e.judge?.label, e.outcome?.toUpperCase()]) if (candidate && GRADES.includes(candidate)) return candidate as VeraGradeLabel;
  return null;
}

/**
 * Voice or text: `condition.modality`, else `info.modality`; when neither is set, text if the system is listed in
 * `textSystems` or its name contains the word `text` (e.g. `gpt-4o-text`), else voice.
 */
export function modalityOf(e: MetricsEpisode, textSystems: readonly string[] = []): 'voice' | 'text' {
  const given = e.condition.modality ?? e.info.modality;
  if (given === 'text' || given === 'voice') return given;
  return textSystems.includes(e.system) || /\btext\b/i.test(e.system) ? 'text' : 'voice';
}

/** Options of the VERA tables. */
export interface VeraOptions {
  policy: NotAttemptedPolicy;
  textSystems: readonly string[];
  bootstrap: BootstrapOptions;
}

/** Response latency in ms: `info.first_audio_ms`, `info.firstAudioMs`, `info.latency_ms` or `info.latencyMs`, the first that is a number. */
export function latencyOf(e: MetricsEpisode): number | null {
  for (const key of ['first_audio_ms', 'firstAudioMs', 'latency_ms', 'latencyMs']) {
    const v = e.info[key];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return null;
}

const trackRank = (track: string): number => {
  const i = (VERA_TRACKS as readonly string[]).indexOf(track);
  return i < 0 ? VERA_TRACKS.length : i;
};
const byTrack = (a: string, b: string): number => trackRank(a) - trackRank(b) || a.localeCompare(b);

/** A graded response with the repeat (trial) it belongs to. */
interface RepeatGrade {
  trial: number;
  grade: VeraGrade;
}

const trialsOf = (list: readonly RepeatGrade[]): number[] =>
  [...new Set(list.map((g) => g.trial))].sort((a, b) => a - b);

/**
 * The repeats a voice and a text run are compared on: a side with one trial is paired with every trial of the other;
 * else the trials both have.
 */
function sharedRepeats(voice: readonly number[], text: readonly number[]): number[] {
  if (text.length === 1) return [...voice];
  if (voice.length === 1) return [...text];
  return voice.filter((r) => text.includes(r));
}

/** Voice–text gaps of every (voice, text) pair of systems: per repeat and, with two or more, the mean over repeats. */
function gaps(
  grades: Map<string, RepeatGrade[]>,
  modality: Map<string, 'voice' | 'text'>,
  policy: NotAttemptedPolicy,
  options: BootstrapOptions,
  notes: string[],
): VoiceTextGapRow[] {
  const systems = [...grades.keys()];
  const rows: Omit<VoiceTextGapRow, 'holmP'>[] = [];
  const sorted = (g: VoiceTextGaps): VoiceTextGaps =>
    ({ ...g, tracks: [...g.tracks].sort((a, b) => byTrack(a.track, b.track)) });
  for (const voiceSystem of systems.filter((s) => modality.get(s) === 'voice')) {
    for (const textSystem of systems.filter((s) => modality.get(s) === 'text')) {
      const [v, t] = [grades.get(voiceSystem)!, grades.get(textSystem)!];
      const [tv, tt] = [trialsOf(v), trialsOf(t)];
      const repeats = sharedRepeats(tv, tt);
      const pick = (list: RepeatGrade[], own: number[], keep: (trial: number) => boolean) =>
        (own.length === 1 ? list : list.filter((g) => keep(g.trial))).map((g) => g.grade);
      for (const r of repeats) {
        const [vg, tg] = [pick(v, tv, (x) => x === r), pick(t, tt, (x) => x === r)];
        for (const [system, list] of [[voiceSystem, vg], [textSystem, tg]] as const) {
          const twice = list.length - new Set(list.map((g) => g.item)).size;
          if (twice) notes.push(`vera: ${system}, repeat ${r}: ${twice} item(s) graded twice: grades averaged`);
        }
        const gapsOfRepeat = sorted(voiceTextGaps(pairGrades(vg, tg, policy), options));
        rows.push({ ...gapsOfRepeat, voiceSystem, textSystem, repeat: r });
      }
      if (repeats.length > 1) {
        const keep = (x: number) => repeats.includes(x);
        const paired = pairGrades(pick(v, tv, keep), pick(t, tt, keep), policy);
        rows.push({ ...sorted(voiceTextGaps(paired, options)), voiceSystem, textSystem, repeat: 'mean' });
      }
      if (repeats.length === 0) notes.push(`vera: ${voiceSystem} vs ${textSystem}: no repeat in common: no gap`);
    }
  }
  const tested = rows.filter((r) => r.pooled.test !== null);
  const adjusted = holmAdjust(tested.map((r) => r.pooled.test!.exactP));
  return rows.map((r) => ({ ...r, holmP: r.pooled.test ? adjusted[tested.indexOf(r)] : null }));
}

/** Every VERA table of the study's VERA episodes; item = task, track = `condition.track` (else `info.track`). */
export function veraSection(episodes: readonly MetricsEpisode[], { policy, textSystems, bootstrap: options }: VeraOptions, notes: string[]): Omit<VeraSection, 'wer'> {
  const graded = episodes.map((e) => ({ episode: e, grade: { item: e.task, track: e.condition.track ?? String(e.info.track ?? 'unknown'), system: e.system, grade: gradeOf(e) } }));
  const ungraded = graded.filter((g) => g.grade.grade === null).length;
  if (ungraded > 0) notes.push(`vera: ${ungraded} response(s) have no grade: never counted`);
  const bySystem = groupBy(
    graded.filter((g) => g.grade.grade !== null || g.episode.system !== ''),
    (g) => g.episode.system,
  );
  const grades = new Map([...bySystem].map(([system, rows]) => [system, rows.map((r) => r.grade)]));
  const repeatGrades = new Map(
    [...bySystem].map(([system, rows]) => [system, rows.map((r) => ({ trial: r.episode.trial, grade: r.grade }))]),
  );
  const modality = new Map([...bySystem].map(([system, rows]) => [system, modalityOf(rows[0].episode, textSystems)]));
  const accuracy = veraAccuracy([...grades.values()].flat(), policy);
  const systems: VeraSystemRow[] = accuracy.map((row) => {
    const scored = grades.get(row.system)!.filter((g) => isScored(g.grade, policy));
    return {
      ...row,
      tracks: [...row.tracks].sort((a, b) => byTrack(a.track, b.track)),
      modality: modality.get(row.system)!,
      interval: meanInterval(hits(scored, (g) => g.item, (g) => g.grade === 'CORRECT'), options),
    };
  });
  const points = systems.map((row) => ({
    system: row.system,
    modality: row.modality,
    latency: summarizeLatency(bySystem.get(row.system)!.map((g) => latencyOf(g.episode))),
    accuracy: row.micro.value,
    macro: row.macro,
  }));
  const placed = points.flatMap((p) =>
    p.latency.p50 === null || p.accuracy === null ? [] : [{ system: p.system, latency: p.latency.p50, accuracy: p.accuracy }],
  );
  const frontier = paretoFrontier(placed);
  const onFrontier = new Set(placed.filter((_, i) => frontier[i]).map((p) => p.system));
  const scatter: LatencyAccuracyPoint[] = points.map((p) => ({ ...p, frontier: onFrontier.has(p.system) }));
  return {
    episodes: episodes.length,
    tracks: [...new Set(graded.map((g) => g.grade.track))].sort(byTrack),
    systems,
    gaps: gaps(repeatGrades, modality, policy, options, notes),
    scatter,
  };
}
