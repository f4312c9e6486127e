/**
 * VERA's word error rates from the study's VERA episodes: the spoken answer's transcript against the system's own
 * answer text (`info.agentTranscripts`, written by a run with `transcribeAgent`), and the system's transcript of the
 * question audio (`info.heard`, one entry per user turn) against the question text (the user turn's text). Text
 * systems speak and hear nothing, so they are left out; a kind with no pair says why.
 */
import type { Db } from '../db/open';
import { studyUserTurnTexts } from '../db/study-episodes';
import type { BootstrapOptions } from '../stats/benchmarks/index';
import { veraWordErrors, type WerResponse } from '../stats/benchmarks/vera-wer';
import type { VeraWerSection } from '../../shared/types/vera-wer-rows';
import type { MetricsEpisode } from './load';
import { VERA_TRACKS, modalityOf } from './vera-section';

const rank = (track: string): number => {
  const i = (VERA_TRACKS as readonly string[]).indexOf(track);
  return i < 0 ? VERA_TRACKS.length : i;
};
const byTrack = (a: string, b: string): number => rank(a) - rank(b) || a.localeCompare(b);

/** The (vendor text, transcript) pairs of an episode's transcribed replies. */
function answerPairs(e: MetricsEpisode): WerResponse['pairs'] {
  const list = Array.isArray(e.info.agentTranscripts) ? (e.info.agentTranscripts as unknown[]) : [];
  return list.flatMap((entry) => {
    const { vendor, transcript } = (entry ?? {}) as { vendor?: unknown; transcript?: unknown };
    return typeof vendor === 'string' && typeof transcript === 'string'
      ? [{ reference: vendor, hypothesis: transcript }]
      : [];
  });
}

/** What the system heard of each user turn (`info.heard`); null entries have no transcript. */
const heardOf = (e: MetricsEpisode): (string | null)[] =>
  Array.isArray(e.info.heard) ? e.info.heard.map((h) => (typeof h === 'string' ? h : null)) : [];

/** The user turns' texts of the given episodes, by episode id. */
function userTexts(db: Db, studyId: number, ids: ReadonlySet<number>): Map<number, string[]> {
  const out = new Map<number, string[]>();
  if (ids.size === 0) return out;
  for (const { episodeId, text } of studyUserTurnTexts(db, studyId)) {
    if (!ids.has(episodeId)) continue;
    out.set(episodeId, [...(out.get(episodeId) ?? []), text]);
  }
  return out;
}

/** The answer and question word error rates of the VERA episodes of study `studyId`. */
export function veraWerSection(
  db: Db,
  studyId: number,
  episodes: readonly MetricsEpisode[],
  textSystems: readonly string[],
  boot: BootstrapOptions,
): VeraWerSection {
  const voice = episodes.filter((e) => modalityOf(e, textSystems) === 'voice');
  const response = (e: MetricsEpisode, pairs: WerResponse['pairs']): WerResponse => ({
    system: e.system,
    item: e.task,
    track: e.condition.track ?? String(e.info.track ?? 'unknown'),
    pairs,
  });
  const heard = new Map(voice.map((e) => [e.id, heardOf(e)]));
  const texts = userTexts(
    db,
    studyId,
    new Set(voice.filter((e) => heard.get(e.id)!.some((h) => h !== null)).map((e) => e.id)),
  );
  const questionPairs = (e: MetricsEpisode): WerResponse['pairs'] => {
    const asked = texts.get(e.id) ?? [];
    return heard
      .get(e.id)!
      .flatMap((h, i) => (h !== null && asked[i] !== undefined ? [{ reference: asked[i], hypothesis: h }] : []));
  };
  const answer = veraWordErrors(
    voice.map((e) => response(e, answerPairs(e))),
    'answer',
    byTrack,
    boot,
  );
  const question = veraWordErrors(
    voice.map((e) => response(e, questionPairs(e))),
    'question',
    byTrack,
    boot,
  );
  const none = voice.length === 0 ? 'no voice response in the study (text systems are never transcribed)' : null;
  return {
    answer,
    question,
    answerAbsent: answer.length
      ? null
      : (none ??
        `none of the ${voice.length} voice responses stores a transcript of its spoken answer beside the system's own ` +
          'answer text (info.agentTranscripts): imported VERA results hold the answer as graded text only; a run with ' +
          'transcribeAgent keeps both'),
    questionAbsent: question.length
      ? null
      : (none ??
        `none of the ${voice.length} voice responses stores what the system heard of the question audio (info.heard): ` +
          'VERA ships the question text and its audio but no transcript of the audio; a run of an audio system keeps ' +
          'its transcript of each question it was played'),
  };
}
