/**
 * Judge versus humans on one field, under each judge-to-field mapping in force: each annotator, the adjudicated label
 * and the pooled humans (strict, lenient) against the judge, per category, and broken down by system and condition.
 */
import type { Db } from '../db/open';
import type {
  CategoryJudgeFigures,
  JudgeComparison,
  JudgeConfusion,
  JudgeFieldAgreement,
  JudgeGroup,
  JudgeMapping,
  JudgeReferenceKind,
  JudgeValidation,
} from '../../shared/types/judge-validation';
import { UNRESOLVED, type LabelPhase } from '../../shared/types/annotation';
import { flagIn } from '../../shared/taxonomies/judge-mappings';
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from '../stats/agreement/bootstrap';
import { judgeFlagFigures, type FlagItem } from '../stats/agreement/judge-figures';
import { judgeCategoryFigures } from '../stats/agreement/judge-category-figures';
import type { PatternBootstrapOptions } from '../stats/agreement/pattern-bootstrap';
import { newestJudgeOutputs, type JudgeOutputRow } from '../db/judge-outputs';
import { adjudicationItems } from './adjudication';
import { breakdownGroups } from './breakdowns';
import { fieldJudgeMappings } from './judge-mappings';
import { fieldRatings, type FieldRatings } from './ratings';
import { releaseValidation } from './release-validation';

/** What to compare: a field, optionally some raters and a phase, and the bootstrap's seed and resamples. */
export interface JudgeValidationRequest extends PatternBootstrapOptions {
  studyId: number;
  field: string;
  raterIds?: number[];
  phase?: LabelPhase;
  /** The human side when the caller has read it already. */
  side?: HumanSide;
}

/** Name of the adjudicated reference and of the two pooled ones. */
export const REFERENCE_NAMES = {
  adjudicated: 'adjudicated',
  strict: 'humans (strict)',
  lenient: 'humans (lenient)',
} as const;

/** The human side of every item: each rater's value, the adjudicated value, and whether it stayed unresolved. */
export interface HumanSide {
  studyId: number;
  ratings: FieldRatings;
  adjudicated: (string | null)[];
  unresolved: boolean[];
}

/** Reads the human side of a field once for every mapping. */
export function humanSide(db: Db, req: JudgeValidationRequest): HumanSide {
  const ratings = fieldRatings(db, req.studyId, req.field, { phase: req.phase, raterIds: req.raterIds });
  const everyone = !req.raterIds && (req.phase ?? 'final') === 'final';
  const items = adjudicationItems(db, req.studyId, req.field, everyone ? ratings : undefined);
  const byEpisode = new Map(items.map((i) => [i.episodeId, i.final]));
  const finals = ratings.items.map((e) => byEpisode.get(e.id) ?? null);
  return {
    studyId: req.studyId,
    ratings,
    adjudicated: finals.map((f) => (f === UNRESOLVED ? null : f)),
    unresolved: finals.map((f) => f === UNRESOLVED),
  };
}

/** The judge's value of one judgement for a mapping: its label, or its one error category. */
export function judgeValue(output: JudgeOutputRow | undefined, mapping: JudgeMapping): string | null {
  if (!output) return null;
  if (mapping.output === 'label') return output.label;
  return output.categories.length === 1 ? output.categories[0] : null;
}

interface Reference {
  name: string;
  kind: JudgeReferenceKind;
}

/** The references in order: each rater, the adjudicated label, then the pooled humans. */
function references(side: HumanSide): Reference[] {
  return [
    ...side.ratings.raters.map((r): Reference => ({ name: r.name, kind: 'annotator' })),
    { name: REFERENCE_NAMES.adjudicated, kind: 'adjudicated' },
    { name: REFERENCE_NAMES.strict, kind: 'pooled_strict' },
    { name: REFERENCE_NAMES.lenient, kind: 'pooled_lenient' },
  ];
}

/** Pooled flags of an item's human flags: strict = all positive, lenient = any; null unless two or more labelled. */
function pooled(flags: readonly (boolean | null)[]): [boolean | null, boolean | null] {
  const known = flags.filter((f): f is boolean => f !== null);
  if (known.length < 2) return [null, null];
  return [known.every(Boolean), known.some(Boolean)];
}

function comparisonsOf(
  refs: Reference[],
  items: FlagItem[],
  side: HumanSide,
  rows: number[],
  options: PatternBootstrapOptions,
): JudgeComparison[] {
  const figures = judgeFlagFigures(items, refs.length, options);
  const unresolved = rows.filter((i) => side.unresolved[i]).length;
  return refs.map((ref, r) => ({
    reference: ref.name,
    kind: ref.kind,
    figures: figures[r],
    ...(figures[r]
      ? {}
      : { problem: ref.kind.startsWith('pooled') ? 'no item labelled by two or more annotators' : 'no item labelled' }),
    ...(ref.kind === 'adjudicated' && unresolved ? { excluded: { unresolved } } : {}),
  }));
}

/** Flag items of the given rows for a human-side flag function; rows without a judge flag are left out. */
function flagItems(
  rows: number[],
  judgeFlags: (boolean | null)[],
  side: HumanSide,
  human: (v: string | null) => boolean | null,
) {
  const items: FlagItem[] = [];
  const used: number[] = [];
  for (const i of rows) {
    const judge = judgeFlags[i];
    if (judge === null) continue;
    const raters = side.ratings.labels[i].map(human);
    if (raters.every((f) => f === null) && side.adjudicated[i] === null) continue;
    items.push({ judge, references: [...raters, human(side.adjudicated[i]), ...pooled(raters)] });
    used.push(i);
  }
  return { items, used };
}

function binaryAgreement(
  mapping: JudgeMapping,
  judged: (string | null)[],
  side: HumanSide,
  options: PatternBootstrapOptions,
) {
  const refs = references(side);
  const judgeFlags = judged.map(flagIn(mapping.judgePositive, mapping.judgeNegative));
  const human = flagIn(mapping.humanPositive, mapping.humanNegative);
  const all = side.ratings.items.map((_, i) => i);
  const { items, used } = flagItems(all, judgeFlags, side, human);
  const breakdowns: JudgeGroup[] = breakdownGroups(side.ratings.items).map((g) => ({
    by: g.by,
    group: g.group,
    comparisons: comparisonsOf(refs, flagItems(g.rows, judgeFlags, side, human).items, side, g.rows, options),
  }));
  return { items: items.length, comparisons: comparisonsOf(refs, items, side, used, options), breakdowns };
}

function confusionOf(reference: string, pairs: [string, string][], order: string[]): JudgeConfusion {
  const judgeValues = order.filter((c) => pairs.some(([j]) => j === c));
  const humanValues = order.filter((c) => pairs.some(([, h]) => h === c));
  const counts = judgeValues.map((j) => humanValues.map((h) => pairs.filter(([a, b]) => a === j && b === h).length));
  return { reference, judgeValues, humanValues, counts };
}

function categoricalAgreement(
  mapping: JudgeMapping,
  judged: (string | null)[],
  side: HumanSide,
  options: PatternBootstrapOptions,
) {
  const mapped = judged.map((v) => (v === null ? null : (mapping.categories[v] ?? null)));
  const observed = new Set(
    [...mapped, ...side.ratings.labels.flat(), ...side.adjudicated].filter((x): x is string => x !== null),
  );
  const order = [
    ...(side.ratings.categories ?? []),
    ...[...observed].filter((c) => !side.ratings.categories?.includes(c)).sort(),
  ];
  const rows = side.ratings.items.map((_, i) => i).filter((i) => mapped[i] !== null);
  const direct = [
    ...side.ratings.raters.map((r): Reference => ({ name: r.name, kind: 'annotator' })),
    references(side)[side.ratings.raters.length],
  ];
  const refValues = (i: number) => [...side.ratings.labels[i], side.adjudicated[i]];
  const overallFigures = judgeCategoryFigures(
    rows.map((i) => ({ judge: mapped[i]!, references: refValues(i) })),
    direct.length,
    order,
    options,
  );
  const overall: CategoryJudgeFigures[] = direct.flatMap((ref, r) =>
    overallFigures[r] ? [{ reference: ref.name, kind: ref.kind, ...overallFigures[r]! }] : [],
  );
  const confusion = direct.map((ref, r) =>
    confusionOf(
      ref.name,
      rows.flatMap((i) => (refValues(i)[r] === null ? [] : [[mapped[i]!, refValues(i)[r]!] as [string, string]])),
      order,
    ),
  );
  const refs = references(side);
  const perCategory: JudgeGroup[] = order.map((c) => {
    const judgeFlags = mapped.map((v) => (v === null ? null : v === c));
    const { items, used } = flagItems(rows, judgeFlags, side, (v) => (v === null ? null : v === c));
    return { by: 'category', group: c, comparisons: comparisonsOf(refs, items, side, used, options) };
  });
  const breakdowns: JudgeGroup[] = breakdownGroups(side.ratings.items).map((g) => {
    const groupRows = g.rows.filter((i) => mapped[i] !== null);
    const figures = judgeCategoryFigures(
      groupRows.map((i) => ({ judge: mapped[i]!, references: refValues(i) })),
      direct.length,
      order,
      options,
    );
    const groupOverall = direct.flatMap((ref, r) =>
      figures[r] ? [{ reference: ref.name, kind: ref.kind, ...figures[r]! }] : [],
    );
    return { by: g.by, group: g.group, comparisons: [], overall: groupOverall };
  });
  return { items: rows.length, overall, confusion, perCategory, breakdowns };
}

/** The agreement of the judge with the humans under one mapping (`outputs`: the mapping's judge's newest judgements). */
export function mappingAgreement(
  side: HumanSide,
  mapping: JudgeMapping,
  outputs: Map<number, JudgeOutputRow>,
  options: PatternBootstrapOptions,
): JudgeFieldAgreement {
  const judged = side.ratings.items.map((e) => judgeValue(outputs.get(e.id), mapping));
  const known =
    mapping.kind === 'binary'
      ? new Set([...mapping.judgePositive, ...mapping.judgeNegative])
      : new Set(Object.keys(mapping.categories));
  const unmappedJudgeOutputs = judged.filter((v) => v !== null && !known.has(v)).length;
  const bootstrap = { seed: options.seed ?? DEFAULT_SEED, resamples: options.resamples ?? DEFAULT_RESAMPLES };
  const base = { mapping, unmappedJudgeOutputs, bootstrap, overall: [], perCategory: [], confusion: [] };
  if (mapping.kind === 'binary') return { ...base, ...binaryAgreement(mapping, judged, side, options) };
  return { ...base, comparisons: [], ...categoricalAgreement(mapping, judged, side, options) };
}

/** Judge vs humans on one field under every mapping of the field, with the release's validation for the study. */
export function computeJudgeValidation(db: Db, req: JudgeValidationRequest): JudgeValidation {
  const mappings = fieldJudgeMappings(db, req.studyId, req.field);
  const release = releaseValidation(db, req.studyId, req);
  if (mappings.length === 0) {
    return {
      field: req.field,
      results: [],
      unmapped:
        `No judge output is mapped to "${req.field}": its values and the judges' labels are different things, so no ` +
        'agreement figure is given. Add a mapping (judge output ↔ field value) to compare them.',
      release,
    };
  }
  const side = req.side ?? humanSide(db, req);
  const outputs = new Map<string | null, Map<number, JudgeOutputRow>>();
  const outputsOf = (judgeId: string | null) => {
    if (!outputs.has(judgeId)) outputs.set(judgeId, newestJudgeOutputs(db, req.studyId, judgeId));
    return outputs.get(judgeId)!;
  };
  const results = mappings.map((m) => mappingAgreement(side, m, outputsOf(m.judgeId), req));
  return { field: req.field, results, unmapped: null, release };
}
