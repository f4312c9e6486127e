/**
 * `earshot episode ID --study S [--as A]`: one whole episode — turns with times, tool events, audio files,
 * judgements, labels and adjudications — as the study lead sees it, or as one annotator would in the studio.
 */
import type { Services } from '../services/services';
import type { AudioAssetInfo, EpisodeDetail, Turn } from '../../shared/domain';
import type { LabelPhase, LabelValue } from '../../shared/types/annotation';
import { getEpisode } from '../db/episodes';
import { annotatorPhaseLabels, episodeLabellers } from '../db/labels';
import { isCommitted } from '../db/label-commits';
import { episodeDecision } from '../db/adjudications';
import { annotatorById, annotatorIdByNameOrId } from '../db/annotators';
import { getAssetFile } from '../db/audio';
import { getEpisodeLabels } from '../annotation/labels';
import { getSettings } from '../annotation/settings';
import { mayReadOthers } from '../annotation/blind-access';
import { decodeValue } from '../annotation/values';
import { episodesGet } from '../api/episodes';
import { parseCommandOptions, UsageError, type CliOptions } from './args';
import { episodeInStudy, openForCli, requireStudy, type SelfParsedOutput } from './commands';

/**
 * One annotator's labels on the episode: `values` in the final phase (those agreement and Results count), `preReveal`
 * those given before the judge was revealed (a study that hides the judge until commit keeps an open call's labels
 * there). Another annotator's labels, seen by a viewer the blind rules let read them, carry only their final values.
 */
export interface EpisodeLabelsOut {
  annotator: string;
  committed?: boolean;
  values: Record<string, LabelValue>;
  preReveal?: Record<string, LabelValue>;
}

/** One adjudicated field of the episode. */
export interface EpisodeDecisionOut {
  field: string;
  value: LabelValue;
  rationale: string;
  adjudicator: string | null;
  decidedAt: string;
}

/** An audio asset of the episode with the file it was read from. */
export type EpisodeAudioOut = AudioAssetInfo & { file: string | null };

/** The document `earshot episode --json` prints. */
export interface EpisodeOut extends Omit<EpisodeDetail, 'audio'> {
  /** Whose view this is: null for the study lead (everything), else the annotator named by --as. */
  viewer: { name: string; role: string } | null;
  audio: EpisodeAudioOut[];
  labels: EpisodeLabelsOut[];
  /** True when the blind rules keep the other annotators' labels (and the adjudications) from the viewer. */
  othersHidden: boolean;
  adjudications: EpisodeDecisionOut[];
}

function phaseValues(s: Services, episodeId: number, annotatorId: number, phase: LabelPhase) {
  const rows = annotatorPhaseLabels(s.db, episodeId, annotatorId, phase);
  return Object.fromEntries(rows.map((r) => [r.field, decodeValue(r.valueJson)]));
}

function ownLabels(s: Services, episodeId: number, annotatorId: number, name: string): EpisodeLabelsOut {
  return {
    annotator: name,
    committed: isCommitted(s.db, episodeId, annotatorId),
    values: phaseValues(s, episodeId, annotatorId, 'final'),
    preReveal: phaseValues(s, episodeId, annotatorId, 'pre_reveal'),
  };
}

function decisions(s: Services, studyId: number, episodeId: number): EpisodeDecisionOut[] {
  return getSettings(s.db, studyId).taxonomy.fields.flatMap((f) => {
    const d = episodeDecision(s.db, episodeId, f.key);
    if (!d) return [];
    const adjudicator = d.adjudicatorId === null ? null : (annotatorById(s.db, d.adjudicatorId)?.name ?? null);
    return [
      { field: f.key, value: decodeValue(d.valueJson), rationale: d.rationale, adjudicator, decidedAt: d.decidedAt },
    ];
  });
}

/** Everything one episode holds; with a viewer, only what the studio would show that annotator. */
export function episodeDocument(s: Services, studyId: number, episodeId: number, viewerId?: number): EpisodeOut {
  const detail =
    viewerId === undefined ? getEpisode(s.db, episodeId)! : episodesGet(s, { episodeId, annotatorId: viewerId });
  const audio = detail.audio.map((a) => ({ ...a, file: getAssetFile(s.db, a.id)?.path ?? null }));
  if (viewerId === undefined) {
    const labels = episodeLabellers(s.db, episodeId).map((a) => ownLabels(s, episodeId, a.id, a.name));
    const adjudications = decisions(s, studyId, episodeId);
    return { ...detail, audio, viewer: null, labels, othersHidden: false, adjudications };
  }
  const viewer = annotatorById(s.db, viewerId)!;
  const mine = ownLabels(s, episodeId, viewerId, viewer.name);
  const othersHidden = !mayReadOthers(s.db, studyId, viewerId);
  const others = getEpisodeLabels(s.db, episodeId, viewerId).others;
  const adjudications = othersHidden ? [] : decisions(s, studyId, episodeId);
  const labels = [mine, ...others];
  return { ...detail, audio, viewer: { name: viewer.name, role: viewer.role }, labels, othersHidden, adjudications };
}

const time = (ms: number | null | undefined): string => (ms == null ? '–' : `${(ms / 1000).toFixed(2)}s`);

function turnLine(t: Turn): string {
  const when = `${time(t.startMs)}–${time(t.endMs)}`;
  const text = t.tool ? `[${t.tool.name}] ${t.text}` : t.text;
  return `  ${String(t.index).padStart(3)} ${when.padEnd(17)} ${t.speaker.padEnd(9)} ${text.replace(/\s+/g, ' ')}`;
}

function labelLine(l: EpisodeLabelsOut): string {
  const state = l.committed === undefined ? '' : l.committed ? ' (done)' : ' (open)';
  const early = l.preReveal && Object.keys(l.preReveal).length ? `; before the reveal ${JSON.stringify(l.preReveal)}` : '';
  return `  ${l.annotator}${state}: ${JSON.stringify(l.values)}${early}`;
}

function episodeText(e: EpisodeOut): string {
  const head = `${e.episode.externalId} · ${e.episode.system} · ${e.episode.task} · ${e.episode.outcome ?? 'no outcome'}`;
  const judgeLine = (j: EpisodeOut['judgements'][number]) =>
    `  judge ${j.judgeId}: ${j.label}${j.rationale ? ` — ${j.rationale}` : ''}`;
  const judge = e.judgeHidden
    ? ['judgements: hidden until the call is committed']
    : e.judgements.length
      ? ['judgements:', ...e.judgements.map(judgeLine)]
      : [];
  const decided = e.adjudications.map(
    (d) => `  adjudicated ${d.field} = ${JSON.stringify(d.value)} (${d.adjudicator ?? '–'})`,
  );
  return [
    e.viewer ? `${head}\nas ${e.viewer.name} (${e.viewer.role}) sees it` : head,
    `audio: ${e.audio.length} file(s)${e.audio.map((a) => `\n  ${a.file ?? '(no file)'}`).join('')}`,
    `turns (${e.turns.length}):`,
    ...e.turns.map(turnLine),
    ...judge,
    ...(e.labels.length ? ['labels:', ...e.labels.map(labelLine)] : []),
    ...(e.othersHidden ? ['  (the other annotators’ labels are hidden by the study’s blind rules)'] : []),
    ...decided,
  ].join('\n');
}

function options(argv: string[]) {
  return parseCommandOptions(
    argv,
    {
      study: { type: 'string' },
      as: { type: 'string' },
      db: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    true,
  );
}

/** `episode ID --study S [--as A]`: one episode as JSON (--json) or as a readable transcript. */
export async function episodeCommand(argv: string[]): Promise<SelfParsedOutput> {
  const { values: v, positionals } = options(argv);
  const [ref, ...extra] = positionals;
  if (!ref || extra.length) throw new UsageError('name one episode: earshot episode ID --study S');
  const s = await openForCli({ positionals: [], json: false, db: v.db } as CliOptions);
  try {
    const study = requireStudy(s, { positionals: [], json: false, study: v.study } as CliOptions);
    const episodeId = episodeInStudy(s, study.id, ref);
    let viewerId: number | undefined;
    if (v.as !== undefined) {
      const id = annotatorIdByNameOrId(s.db, v.as);
      if (id === null) throw new UsageError(`no annotator "${v.as}"`);
      viewerId = id;
    }
    const doc = episodeDocument(s, study.id, episodeId, viewerId);
    return { json: doc, text: episodeText(doc), exitCode: 0, json_: v.json };
  } finally {
    s.db.close();
  }
}
