/**
 * The judge-corrected figures of a study: under every judge-to-field mapping in force whose field humans labelled, the
 * share of calls with each outcome per system (and condition), from the judge's label of every call and the resolved
 * human label (the adjudication, else the annotators' common label) of the labelled ones.
 */
import type { Db } from '../db/open';
import { newestJudgeOutputs, type JudgeOutputRow } from '../db/judge-outputs';
import type { JudgeMapping } from '../../shared/types/judge-validation';
import type { CorrectedFigure, JudgeCorrectedSection } from '../../shared/types/ppi';
import { mappedValues } from '../../shared/taxonomies/judge-mappings';
import { studyJudgeMappings } from '../annotation/judge-mappings';
import { humanSide, judgeValue, type HumanSide } from '../annotation/judge-validation';
import { studyEpisodes } from '../annotation/lookups';
import { labelledFields } from '../annotation/ratings';
import { correctedFigures, type CorrectedCall } from './corrected-figures';

/** How the labelled calls are taken to have been drawn (docs/metrics-benchmarks.md). */
export const ASSUMED_DESIGN = 'simple random sample of each cell’s judged calls (assumed)';

/** A call's resolved human value: the adjudicated one, else the common one; 'disputed' when they differ. */
export function resolvedHuman(side: HumanSide, row: number): { value: string | null; disputed: boolean } {
  if (side.unresolved[row]) return { value: null, disputed: true };
  if (side.adjudicated[row] !== null) return { value: side.adjudicated[row], disputed: false };
  const values = new Set(side.ratings.labels[row].filter((v): v is string => v !== null));
  if (values.size > 1) return { value: null, disputed: true };
  return { value: values.size === 1 ? [...values][0] : null, disputed: false };
}

/** The outcomes counted under a mapping: the positive side of a binary one, every target category of a categorical. */
function outcomesOf(mapping: JudgeMapping): string[] {
  return mapping.kind === 'binary' ? ['positive'] : [...new Set(Object.values(mapping.categories))];
}

/** The figures of one mapping from the study's episodes, the field's human side and the mapping's judge outputs. */
function mappingFigures(
  mapping: JudgeMapping,
  episodes: ReturnType<typeof studyEpisodes>,
  side: HumanSide,
  outputs: Map<number, JudgeOutputRow>,
  confidence: number,
): CorrectedFigure[] {
  const mapped = mappedValues(mapping);
  const rowOf = new Map(side.ratings.items.map((e, i) => [e.id, i]));
  const calls: CorrectedCall[] = [];
  let unmappedJudge = 0;
  let unmappedHuman = 0;
  let labelledUnjudged = 0;
  for (const e of episodes) {
    const row = rowOf.get(e.id);
    const human = row === undefined ? { value: null, disputed: false } : resolvedHuman(side, row);
    const humanValue = mapped.human(human.value);
    const output = outputs.get(e.id);
    if (!output) {
      if (humanValue !== null) labelledUnjudged += 1;
      continue;
    }
    const judge = mapped.judge(judgeValue(output, mapping));
    if (judge === null) {
      unmappedJudge += 1;
      continue;
    }
    if (human.value !== null && humanValue === null) unmappedHuman += 1;
    calls.push({
      system: e.system,
      condition: e.condition,
      judge,
      human: humanValue,
      disputed: human.disputed,
      stratum: '',
    });
  }
  const figures = correctedFigures(calls, outcomesOf(mapping), confidence);
  return figures
    .filter((f) => f.cells.some((c) => c.labelled > 0))
    .map((f) => ({
      mapping: mapping.key,
      label: mapping.label,
      field: mapping.field,
      ...f,
      unmappedJudge,
      unmappedHuman,
      labelledUnjudged,
    }));
}

/** Every judge-corrected figure of the study, at the given two-sided confidence. */
export function judgeCorrectedSection(db: Db, studyId: number, confidence: number): JudgeCorrectedSection {
  const labelled = new Set(labelledFields(db, studyId));
  const mappings = studyJudgeMappings(db, studyId).filter((m) => labelled.has(m.field));
  const episodes = studyEpisodes(db, studyId);
  const sides = new Map<string, HumanSide>();
  const outputs = new Map<string | null, Map<number, JudgeOutputRow>>();
  const figures = mappings.flatMap((m) => {
    if (!sides.has(m.field)) sides.set(m.field, humanSide(db, { studyId, field: m.field }));
    if (!outputs.has(m.judgeId)) outputs.set(m.judgeId, newestJudgeOutputs(db, studyId, m.judgeId));
    return mappingFigures(m, episodes, sides.get(m.field)!, outputs.get(m.judgeId)!, confidence);
  });
  return { confidence, design: ASSUMED_DESIGN, figures };
}
