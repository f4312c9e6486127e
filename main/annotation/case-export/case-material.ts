/**
 * Everything an exported case shows, gathered once: the case, its call, the clip's range, the transcript excerpt,
 * the judge's newest verdict, each annotator's final labels and notes, and the adjudications. What the viewer may
 * not see stays out: while the study is blind to them only their own labels (and no adjudications), and the judge
 * while the study hides it from them on this call. `viewerId` null is the study lead (the command line).
 */
import type { Db } from '../../db/open';
import type { CasebookCase } from '../../../shared/types/casebook';
import type { EpisodeDetail, Turn } from '../../../shared/domain';
import { SYSTEM_FIELDS, type Taxonomy } from '../../../shared/types/annotation';
import { fieldSpec } from '../../../shared/taxonomies/fields';
import { getEpisode } from '../../db/episodes';
import { caseById } from '../../db/casebook';
import { getAssetFile } from '../../db/audio';
import { episodeFinalLabelsByName } from '../../db/labels';
import { episodeDecision } from '../../db/adjudications';
import { notFound } from '../../domain/errors';
import { requireAnnotator, requireStudy } from '../lookups';
import { mayReadOthers } from '../blind-access';
import { judgeHiddenFor } from '../judge-visibility';
import { studyTaxonomy } from '../settings';
import { decodeValue, labelString } from '../values';
import { requireVisibleCase, toCasebookCase } from '../casebook';
import { clipWindow, type ClipWindow } from './clip-window';

/** One label as the case shows it: the field's name, its key and the value as text. */
export interface CaseLabel {
  field: string;
  label: string;
  value: string;
}

/** One annotator's final labels on the call. */
export interface CaseAnnotator {
  name: string;
  labels: CaseLabel[];
  notes: string;
}

/** One adjudicated field. */
export interface CaseDecision {
  field: string;
  label: string;
  value: string | null;
  rationale: string;
  adjudicator: string | null;
  decidedAt: string;
}

/** A turn of the excerpt. */
export interface CaseTurn {
  index: number;
  speaker: string;
  startMs: number | null;
  endMs: number | null;
  text: string;
  tool: string | null;
}

/** What an exported case shows (also written as case.json). */
export interface CaseMaterial {
  format: 'earshot-case-v1';
  study: { id: number; name: string };
  case: CasebookCase;
  episode: {
    id: number;
    externalId: string;
    system: string;
    task: string;
    condition: Record<string, string>;
    outcome: string | null;
    reward: number | null;
    durationMs: number | null;
  };
  clip: ClipWindow | null;
  transcript: CaseTurn[];
  judge: { judgeId: string; label: string; rationale: string; confidence: number | null } | null;
  judgeHidden: boolean;
  annotators: CaseAnnotator[];
  othersHidden: boolean;
  adjudications: CaseDecision[];
}

/** The material, the whole call's turns (for the figure) and the WAV behind the clip (null without WAV audio). */
export interface GatheredCase {
  material: CaseMaterial;
  turns: Turn[];
  wavPath: string | null;
}

const shown = (v: string | null) => v ?? '';

function fieldKeys(taxonomy: Taxonomy): string[] {
  return [
    ...taxonomy.fields.map((f) => f.key),
    SYSTEM_FIELDS.judgeAgree,
    SYSTEM_FIELDS.judgeLabel,
    SYSTEM_FIELDS.firstErrorMs,
    SYSTEM_FIELDS.regions,
  ];
}

function annotatorsOf(db: Db, episodeId: number, taxonomy: Taxonomy, only: string | null): CaseAnnotator[] {
  const rows = episodeFinalLabelsByName(db, episodeId, [...fieldKeys(taxonomy), SYSTEM_FIELDS.notes]);
  const byName = new Map<string, CaseAnnotator>();
  for (const r of rows) {
    if (only !== null && r.annotator !== only) continue;
    const a = byName.get(r.annotator) ?? { name: r.annotator, labels: [], notes: '' };
    const value = decodeValue(r.valueJson);
    if (r.field === SYSTEM_FIELDS.notes) a.notes = typeof value === 'string' ? value : '';
    else {
      const text = Array.isArray(value) && r.field !== SYSTEM_FIELDS.regions ? labelString(value) : value;
      a.labels.push({
        field: r.field,
        label: fieldSpec(taxonomy, r.field)?.label ?? r.field,
        value: Array.isArray(text) ? text.join('; ') : shown(labelString(text)),
      });
    }
    byName.set(r.annotator, a);
  }
  const order = fieldKeys(taxonomy);
  for (const a of byName.values()) a.labels.sort((x, y) => order.indexOf(x.field) - order.indexOf(y.field));
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function decisionsOf(db: Db, episodeId: number, taxonomy: Taxonomy): CaseDecision[] {
  return fieldKeys(taxonomy).flatMap((field) => {
    const d = episodeDecision(db, episodeId, field);
    if (!d) return [];
    const value = decodeValue(d.valueJson);
    const adjudicator = d.adjudicatorId === null ? null : requireAnnotator(db, d.adjudicatorId).name;
    return [
      {
        field,
        label: fieldSpec(taxonomy, field)?.label ?? field,
        value: labelString(value),
        rationale: d.rationale,
        adjudicator,
        decidedAt: d.decidedAt,
      },
    ];
  });
}

function excerpt(turns: readonly Turn[], clip: ClipWindow | null): CaseTurn[] {
  const timed = turns.some((t) => t.startMs !== null);
  const inClip = (t: Turn) =>
    !clip || !timed || (t.startMs !== null && (t.endMs ?? t.startMs) >= clip.startMs && t.startMs <= clip.endMs);
  return turns.filter(inClip).map((t) => ({
    index: t.index,
    speaker: t.speaker,
    startMs: t.startMs,
    endMs: t.endMs,
    text: t.text,
    tool: t.tool ? t.tool.name : null,
  }));
}

function wavOf(db: Db, detail: EpisodeDetail): string | null {
  const asset = detail.audio.find((a) => a.format.startsWith('wav/'));
  return asset ? (getAssetFile(db, asset.id)?.path ?? null) : null;
}

/** Gathers case `caseId` as `viewerId` may see it (null: the study lead, who sees everything). */
export function gatherCase(db: Db, caseId: number, viewerId: number | null): GatheredCase {
  const stored = viewerId === null ? caseById(db, caseId) : requireVisibleCase(db, caseId, viewerId);
  if (!stored) throw notFound(`case ${caseId}`);
  const study = requireStudy(db, stored.studyId);
  const detail = getEpisode(db, stored.episodeId);
  if (!detail) throw notFound(`episode ${stored.episodeId}`);
  const { taxonomy } = studyTaxonomy(study);
  const othersHidden = viewerId !== null && !mayReadOthers(db, study.id, viewerId);
  const judgeHidden = viewerId !== null && judgeHiddenFor(db, study.id, viewerId, stored.episodeId);
  const newest = judgeHidden ? undefined : detail.judgements.at(-1);
  const c = toCasebookCase(stored);
  const e = detail.episode;
  const wavPath = wavOf(db, detail);
  const clip = wavPath ? clipWindow(c, e.durationMs) : null;
  const material: CaseMaterial = {
    format: 'earshot-case-v1',
    study: { id: study.id, name: study.name },
    case: c,
    episode: {
      id: e.id,
      externalId: e.externalId,
      system: e.system,
      task: e.task,
      condition: e.condition,
      outcome: e.outcome,
      reward: e.reward,
      durationMs: e.durationMs,
    },
    clip,
    transcript: excerpt(detail.turns, clip ?? clipWindow(c, e.durationMs)),
    judge: newest
      ? { judgeId: newest.judgeId, label: newest.label, rationale: newest.rationale, confidence: newest.confidence }
      : null,
    judgeHidden,
    annotators: annotatorsOf(db, stored.episodeId, taxonomy, othersHidden ? requireAnnotator(db, viewerId).name : null),
    othersHidden,
    adjudications: othersHidden ? [] : decisionsOf(db, stored.episodeId, taxonomy),
  };
  return { material, turns: detail.turns, wavPath };
}
