/**
 * Two judges (e.g. a prompt before and after a change) against the same humans on exactly the labelled items of a
 * field, under one binary mapping, with paired differences; a study's fixed, seeded held-out split keeps apart the
 * items a prompt was tuned on from those it never saw.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/open';
import type {
  JudgeComparison,
  JudgeRef,
  JudgesOnLabelledItems,
  JudgesOnPart,
} from '../../shared/types/judge-validation';
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from '../stats/agreement/bootstrap';
import { pairedJudgeFigures, type PairedFlagItem } from '../stats/agreement/judge-difference';
import type { PatternBootstrapOptions } from '../stats/agreement/pattern-bootstrap';
import { newestJudgeOutputs } from '../db/judge-outputs';
import { flagIn } from '../../shared/taxonomies/judge-mappings';
import { readHoldout, writeHoldout } from '../db/annotation-settings';
import { DomainError } from '../domain/errors';
import { requireJudgeMapping } from './judge-mappings';
import { humanSide, judgeValue, REFERENCE_NAMES } from './judge-validation';
import { requireLeadOrAdjudicator } from './blind-access';

/** What to compare. */
export interface JudgeComparisonRequest extends PatternBootstrapOptions {
  studyId: number;
  field: string;
  mappingKey: string;
  baseline: JudgeRef;
  candidate: JudgeRef;
}

/**
 * Whether an item is held out: the first 32 bits of SHA-256("<seed>:<external id>") divided by 2³² fall below the
 * fraction. Fixed by the seed, independent of the order and number of items, and the same on every machine.
 */
export function isHeldOut(seed: number, fraction: number, externalId: string): boolean {
  const digest = createHash('sha256').update(`${seed}:${externalId}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32 < fraction;
}

/** Fixes the study's held-out split; only its lead or an adjudicator may, since it decides what a judge is tuned on. */
export function setHoldout(db: Db, studyId: number, viewerId: number, split: { seed: number; fraction: number } | null): void {
  requireLeadOrAdjudicator(db, studyId, viewerId, 'set the held-out split');
  writeHoldout(db, studyId, split);
}

/** The study's held-out split, or null when it has none. */
export function studyHoldout(db: Db, studyId: number): { seed: number; fraction: number } | null {
  return readHoldout(db, studyId);
}

/** Both judges against each annotator, the adjudicated label and the pooled humans, on the labelled items. */
export function compareJudgesOnLabelled(db: Db, req: JudgeComparisonRequest): JudgesOnLabelledItems {
  const mapping = requireJudgeMapping(db, req.studyId, req.mappingKey);
  if (mapping.kind !== 'binary')
    throw new DomainError('invalid_input', `${mapping.key}: comparing judges needs a binary mapping`);
  const side = humanSide(db, { studyId: req.studyId, field: req.field });
  const judgeFlag = flagIn(mapping.judgePositive, mapping.judgeNegative);
  const human = flagIn(mapping.humanPositive, mapping.humanNegative);
  const outputsOf = (j: JudgeRef) => newestJudgeOutputs(db, req.studyId, j.judgeId, j.judgeVersion);
  const [base, cand] = [outputsOf(req.baseline), outputsOf(req.candidate)];
  const split = readHoldout(db, req.studyId);
  const missing = { baseline: 0, candidate: 0 };
  const rows: { item: PairedFlagItem; heldOut: boolean }[] = [];
  side.ratings.items.forEach((episode, i) => {
    const raters = side.ratings.labels[i].map(human);
    const adjudicated = human(side.adjudicated[i]);
    if (raters.every((r) => r === null) && adjudicated === null) return;
    const a = judgeFlag(judgeValue(base.get(episode.id), mapping));
    const b = judgeFlag(judgeValue(cand.get(episode.id), mapping));
    if (a === null) missing.baseline++;
    if (b === null) missing.candidate++;
    if (a === null || b === null) return;
    const known = raters.filter((r): r is boolean => r !== null);
    const pooled = known.length >= 2 ? [known.every(Boolean), known.some(Boolean)] : [null, null];
    const heldOut = split !== null && isHeldOut(split.seed, split.fraction, episode.externalId);
    rows.push({ item: { baseline: a, candidate: b, references: [...raters, adjudicated, ...pooled] }, heldOut });
  });
  const names = [
    ...side.ratings.raters.map((r) => r.name),
    REFERENCE_NAMES.adjudicated,
    REFERENCE_NAMES.strict,
    REFERENCE_NAMES.lenient,
  ];
  const kinds = [
    ...side.ratings.raters.map(() => 'annotator' as const),
    'adjudicated' as const,
    'pooled_strict' as const,
    'pooled_lenient' as const,
  ];
  const part = (name: JudgesOnPart['part'], items: PairedFlagItem[]): JudgesOnPart => {
    const f = pairedJudgeFigures(items, names.length, req);
    const list = (figures: typeof f.baseline): JudgeComparison[] =>
      names.map((reference, r) => ({
        reference,
        kind: kinds[r],
        figures: figures[r],
        ...(figures[r] ? {} : { problem: 'no item labelled' }),
      }));
    return {
      part: name,
      items: items.length,
      baseline: list(f.baseline),
      candidate: list(f.candidate),
      differences: names.map((reference, r) => ({ reference, ...f.differences[r] })),
    };
  };
  const parts = [
    part(
      'all',
      rows.map((r) => r.item),
    ),
  ];
  if (split) {
    parts.push(
      part(
        'held_out',
        rows.filter((r) => r.heldOut).map((r) => r.item),
      ),
    );
    parts.push(
      part(
        'tuning',
        rows.filter((r) => !r.heldOut).map((r) => r.item),
      ),
    );
  }
  const heldOut = rows.filter((r) => r.heldOut).length;
  return {
    field: req.field,
    mapping,
    baseline: req.baseline,
    candidate: req.candidate,
    split: split ? { ...split, heldOut, tuning: rows.length - heldOut } : null,
    missing,
    parts,
    bootstrap: { seed: req.seed ?? DEFAULT_SEED, resamples: req.resamples ?? DEFAULT_RESAMPLES },
  };
}
