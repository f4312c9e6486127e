/**
 * The disagreement gallery: every item of a field where, under one judge mapping, the judge and a human, or the
 * humans among themselves, disagree — with the judge's rationale and findings, each human's label, notes and
 * first-error mark, the adjudication, and where to start playing.
 */
import type { Db } from '../db/open';
import type { DisagreementItem } from '../../shared/types/judge-validation';
import { SYSTEM_FIELDS } from '../../shared/types/annotation';
import { newestJudgeOutputs } from '../db/judge-outputs';
import { mappedValues } from '../../shared/taxonomies/judge-mappings';
import { adjudicationItems } from './adjudication';
import { requireJudgeMapping } from './judge-mappings';
import { humanSide, judgeValue } from './judge-validation';
import { fieldRatings } from './ratings';
import { markValues } from './mark-ratings';

/** Each rater's value of a system field (notes) by episode id, in the given rater order. */
function systemField(db: Db, studyId: number, field: string, raterIds: number[]): Map<number, (string | null)[]> {
  const r = fieldRatings(db, studyId, field, { raterIds });
  return new Map(r.items.map((e, i) => [e.id, r.labels[i]]));
}

/** Every disputed item of the field under the mapping with this key, in import order. */
export function judgeDisagreements(db: Db, studyId: number, field: string, mappingKey: string): DisagreementItem[] {
  const mapping = requireJudgeMapping(db, studyId, mappingKey);
  const side = humanSide(db, { studyId, field });
  const { ratings } = side;
  const raterIds = ratings.raters.map((r) => r.id);
  const outputs = newestJudgeOutputs(db, studyId, mapping.judgeId);
  const map = mappedValues(mapping);
  const notes = systemField(db, studyId, SYSTEM_FIELDS.notes, raterIds);
  const firstErrors = markValues(db, studyId, SYSTEM_FIELDS.firstErrorMs, 'final').rated;
  const decisions = new Map(adjudicationItems(db, studyId, field).map((i) => [i.episodeId, i]));
  const out: DisagreementItem[] = [];
  ratings.items.forEach((episode, i) => {
    const output = outputs.get(episode.id);
    const judgeMapped = map.judge(judgeValue(output, mapping));
    const humans = ratings.labels[i].map(map.human);
    const known = humans.filter((h): h is string => h !== null);
    const kinds: DisagreementItem['kinds'] = [];
    if (judgeMapped !== null && known.some((h) => h !== judgeMapped)) kinds.push('judge_vs_humans');
    if (new Set(known).size > 1) kinds.push('humans');
    if (!output || kinds.length === 0) return;
    const marks = raterIds.map((id) => {
      const v = firstErrors.get(episode.id)?.get(id);
      return typeof v === 'number' ? v : null;
    });
    const findings = output.findings.map((f) => ({ text: f.text, startMs: f.startMs }));
    const firstFinding = findings.find((f) => f.startMs !== null)?.startMs ?? null;
    const earliestMark = Math.min(...marks.filter((m): m is number => m !== null && Number.isFinite(m)));
    const decision = decisions.get(episode.id);
    out.push({
      episodeId: episode.id,
      externalId: episode.externalId,
      system: episode.system,
      condition: episode.condition,
      kinds,
      categories: [
        ...new Set([judgeValue(output, mapping), ...ratings.labels[i]].filter((x): x is string => x !== null)),
      ],
      judge: { label: output.label, mapped: judgeMapped, rationale: output.rationale, findings },
      humans: ratings.raters.map((r, k) => ({
        annotator: r.name,
        value: ratings.labels[i][k],
        notes: notes.get(episode.id)?.[k] ?? null,
        firstErrorMs: marks[k] ?? null,
      })),
      adjudication: decision?.final ? { value: decision.final, rationale: decision.rationale } : null,
      playFromMs: firstFinding ?? (Number.isFinite(earliestMark) ? earliestMark : null),
    });
  });
  return out;
}
