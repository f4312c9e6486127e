/** One annotator's labels on one episode: read (blind-aware), set (one durable transaction with history), commit. */
import type { Db } from '../db/open';
import {
  SYSTEM_FIELDS,
  type EpisodeLabels,
  type LabelAck,
  type LabelPhase,
  type LabelValue,
  type Taxonomy,
} from '../../shared/types/annotation';
import { DomainError } from '../domain/errors';
import { requireAnnotator, requireEpisode } from './lookups';
import { getSettings } from './settings';
import { decodeValue, encodeValue } from './values';
import { labelProblem } from './label-check';
import { undoTarget } from './history';
import { judgeHiddenFor, judgeShown, recordRevealIfShown } from './judge-visibility';
import { mayReadOthers } from './blind-access';
import { callProgress } from '../db/judge-reveals';
import {
  annotatorPhaseLabels,
  appendHistory,
  latestRevision,
  otherFinalAnnotators,
  saveLabel,
  storedLabelJson,
} from '../db/labels';
import { isCommitted, recordCommit } from '../db/label-commits';
import { inWriteTransaction } from '../db/transaction';

/** The phase new labels are written in: pre-reveal while the judge is hidden and the episode is not committed. */
export function writePhase(hideJudge: boolean, committed: boolean): LabelPhase {
  return hideJudge && !committed ? 'pre_reveal' : 'final';
}

function phaseValues(db: Db, episodeId: number, annotatorId: number, phase: LabelPhase): Record<string, LabelValue> {
  const rows = annotatorPhaseLabels(db, episodeId, annotatorId, phase);
  return Object.fromEntries(rows.map((r) => [r.field, decodeValue(r.valueJson)]));
}

/** What the labelling panel shows for one episode and annotator; others' labels only as the blind rules allow. */
export function getEpisodeLabels(db: Db, episodeId: number, annotatorId: number): EpisodeLabels {
  const episode = requireEpisode(db, episodeId);
  requireAnnotator(db, annotatorId);
  const settings = getSettings(db, episode.studyId);
  const committed = isCommitted(db, episodeId, annotatorId);
  const phase = writePhase(settings.hideJudgeUntilCommit, committed);
  const others = !mayReadOthers(db, episode.studyId, annotatorId)
    ? []
    : otherFinalAnnotators(db, episodeId, annotatorId).map((o) => ({
        annotator: o.name,
        values: phaseValues(db, episodeId, o.id, 'final'),
      }));
  return {
    episodeId,
    studyId: episode.studyId,
    annotatorId,
    settings,
    values: phaseValues(db, episodeId, annotatorId, phase),
    preReveal: phaseValues(db, episodeId, annotatorId, 'pre_reveal'),
    phase,
    committed,
    judgeVisible: judgeShown(settings, callProgress(db, episodeId, annotatorId)),
    revision: latestRevision(db, episodeId, annotatorId),
    canUndo: undoTarget(db, episodeId, annotatorId) !== null,
    others,
  };
}

/** Fields whose `when` condition no longer holds once `field` takes `value` (they are cleared with it). */
export function dependentFields(taxonomy: Taxonomy, field: string, value: LabelValue): string[] {
  const own = taxonomy.fields
    .filter((f) => f.when?.field === field && !(typeof value === 'string' && f.when.in.includes(value)))
    .map((f) => f.key);
  // The corrected judge label only applies while the annotator disagrees with the judge.
  return field === SYSTEM_FIELDS.judgeAgree && value !== false ? [...own, SYSTEM_FIELDS.judgeLabel] : own;
}

/** Writes one value of one field plus the history rows; call inside a transaction. Returns the history id, or null when unchanged. */
export function writeValue(
  db: Db,
  at: { episodeId: number; annotatorId: number; field: string; phase: string; action: string },
  value: LabelValue,
  now: Date,
): number | null {
  const key = { episodeId: at.episodeId, annotatorId: at.annotatorId, field: at.field, phase: at.phase };
  const old = storedLabelJson(db, key);
  const encoded = encodeValue(value);
  if (old === encoded) return null;
  return saveLabel(db, key, { oldJson: old, newJson: encoded, action: at.action, at: now.toISOString() });
}

/** Sets one label durably: one transaction writes the annotation, clears fields that no longer apply, and appends history. */
export function setLabel(
  db: Db,
  input: { episodeId: number; annotatorId: number; field: string; value: LabelValue },
  now: Date,
): LabelAck {
  const episode = requireEpisode(db, input.episodeId);
  requireAnnotator(db, input.annotatorId);
  const settings = getSettings(db, episode.studyId);
  const problem = labelProblem(settings.taxonomy, input.field, input.value);
  if (problem) throw new DomainError('invalid_input', problem);
  return inWriteTransaction(db, (): LabelAck => {
    const phase = writePhase(settings.hideJudgeUntilCommit, isCommitted(db, input.episodeId, input.annotatorId));
    const at = { episodeId: input.episodeId, annotatorId: input.annotatorId, phase };
    const judgeHidden = judgeHiddenFor(db, episode.studyId, input.annotatorId, input.episodeId);
    writeValue(db, { ...at, field: input.field, action: input.value === null ? 'clear' : 'set' }, input.value, now);
    for (const dependent of dependentFields(settings.taxonomy, input.field, input.value)) {
      writeValue(db, { ...at, field: dependent, action: 'cascade' }, null, now);
    }
    // The reveal is written in the label's own transaction: it commits with the label or not at all.
    if (judgeHidden) recordRevealIfShown(db, { ...at, studyId: episode.studyId }, 'first_label', now);
    return {
      episodeId: input.episodeId,
      field: input.field,
      phase,
      value: input.value,
      revision: latestRevision(db, input.episodeId, input.annotatorId),
    };
  });
}

/** Marks the episode done for the annotator; with the judge hidden, copies the pre-reveal labels to the final phase first. */
export function commitEpisode(db: Db, episodeId: number, annotatorId: number, now: Date): void {
  const episode = requireEpisode(db, episodeId);
  requireAnnotator(db, annotatorId);
  const settings = getSettings(db, episode.studyId);
  inWriteTransaction(db, () => {
    if (isCommitted(db, episodeId, annotatorId)) return;
    const judgeHidden = judgeHiddenFor(db, episode.studyId, annotatorId, episodeId);
    if (settings.hideJudgeUntilCommit) {
      for (const [field, value] of Object.entries(phaseValues(db, episodeId, annotatorId, 'pre_reveal'))) {
        writeValue(db, { episodeId, annotatorId, field, phase: 'final', action: 'commit' }, value, now);
      }
    }
    const at = now.toISOString();
    recordCommit(db, episodeId, annotatorId, at);
    appendHistory(db, {
      episodeId,
      annotatorId,
      field: '*',
      phase: 'final',
      oldJson: null,
      newJson: null,
      action: 'commit',
      at,
    });
    if (judgeHidden) recordRevealIfShown(db, { studyId: episode.studyId, episodeId, annotatorId }, 'commit', now);
  });
}
