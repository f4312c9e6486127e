/** `earshot episode ID --study S`: one whole episode — turns with times, tool events, audio, judgements, labels. */
import type { Services } from '../services/services';
import type { EpisodeDetail, Turn } from '../../shared/domain';
import type { LabelValue } from '../../shared/types/annotation';
import { getEpisode, listEpisodes } from '../db/episodes';
import { otherFinalAnnotators } from '../db/labels';
import { episodeDecision } from '../db/adjudications';
import { annotatorById } from '../db/annotators';
import { getEpisodeLabels } from '../annotation/labels';
import { getSettings } from '../annotation/settings';
import { decodeValue } from '../annotation/values';
import { notFound } from '../domain/errors';
import { UsageError, type CliOptions } from './args';
import { requireStudy, type CommandOutput } from './commands';

/** One annotator's labels on the episode (the CLI acts as the study lead, so every annotator's are shown). */
export interface EpisodeLabelsOut {
  annotator: string;
  committed: boolean;
  values: Record<string, LabelValue>;
}

/** One adjudicated field of the episode. */
export interface EpisodeDecisionOut {
  field: string;
  value: LabelValue;
  rationale: string;
  adjudicator: string | null;
  decidedAt: string;
}

/** The document `earshot episode --json` prints. */
export interface EpisodeOut extends EpisodeDetail {
  labels: EpisodeLabelsOut[];
  adjudications: EpisodeDecisionOut[];
}

/** The episode named by a positional id (Earshot's numeric id, or the external id) within the study. */
function findEpisodeId(s: Services, studyId: number, ref: string): number {
  const episodes = listEpisodes(s.db, studyId);
  const byExternal = episodes.find((e) => e.externalId === ref);
  if (byExternal) return byExternal.id;
  const byId = /^\d+$/.test(ref) ? episodes.find((e) => e.id === Number(ref)) : undefined;
  if (byId) return byId.id;
  throw notFound(`episode "${ref}" in study ${studyId}`);
}

/** Everything one episode holds, with every annotator's labels and the adjudications. */
export function episodeDocument(s: Services, studyId: number, episodeId: number): EpisodeOut {
  const detail = getEpisode(s.db, episodeId)!;
  const labels = otherFinalAnnotators(s.db, episodeId, 0).map((a) => {
    const l = getEpisodeLabels(s.db, episodeId, a.id);
    return { annotator: a.name, committed: l.committed, values: l.values };
  });
  const adjudications = getSettings(s.db, studyId).taxonomy.fields.flatMap((f) => {
    const d = episodeDecision(s.db, episodeId, f.key);
    if (!d) return [];
    const adjudicator = d.adjudicatorId === null ? null : (annotatorById(s.db, d.adjudicatorId)?.name ?? null);
    return [
      { field: f.key, value: decodeValue(d.valueJson), rationale: d.rationale, adjudicator, decidedAt: d.decidedAt },
    ];
  });
  return { ...detail, labels, adjudications };
}

const time = (ms: number | null | undefined): string => (ms == null ? '–' : `${(ms / 1000).toFixed(2)}s`);

function turnLine(t: Turn): string {
  const when = `${time(t.startMs)}–${time(t.endMs)}`;
  const text = t.tool ? `[${t.tool.name}] ${t.text}` : t.text;
  return `  ${String(t.index).padStart(3)} ${when.padEnd(17)} ${t.speaker.padEnd(9)} ${text.replace(/\s+/g, ' ')}`;
}

function episodeText(e: EpisodeOut): string {
  const head = `${e.episode.externalId} · ${e.episode.system} · ${e.episode.task} · ${e.episode.outcome ?? 'no outcome'}`;
  const judge = e.judgements.map((j) => `  judge ${j.judgeId}: ${j.label}${j.rationale ? ` — ${j.rationale}` : ''}`);
  const labels = e.labels.map((l) => `  ${l.annotator}${l.committed ? ' (done)' : ''}: ${JSON.stringify(l.values)}`);
  const decided = e.adjudications.map(
    (d) => `  adjudicated ${d.field} = ${JSON.stringify(d.value)} (${d.adjudicator ?? '–'})`,
  );
  return [
    head,
    `audio: ${e.audio.length} file(s)`,
    `turns (${e.turns.length}):`,
    ...e.turns.map(turnLine),
    ...(judge.length ? ['judgements:', ...judge] : []),
    ...(labels.length ? ['labels:', ...labels] : []),
    ...decided,
  ].join('\n');
}

/** `episode ID --study S`: one episode as JSON (--json) or as a readable transcript. */
export function episodeCommand(s: Services, opts: CliOptions): CommandOutput {
  const study = requireStudy(s, opts);
  const [ref, ...extra] = opts.positionals;
  if (!ref || extra.length) throw new UsageError('name one episode: earshot episode ID --study S');
  const doc = episodeDocument(s, study.id, findEpisodeId(s, study.id, ref));
  return { json: doc, text: episodeText(doc) };
}
