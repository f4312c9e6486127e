/**
 * The judge-corrected figures of a study: under every judge-to-field mapping in force whose field humans labelled, the
 * share of calls with each outcome per system (and condition), from the judge's label of every call and the resolved
 * human label (the adjudication, else the annotators' common label) of the labelled ones, under the study's design.
 */
import type { Db } from '../db/open';
import type { JudgeMapping } from '../../shared/types/judge-validation';
import type { CorrectedFigure, JudgeCorrectedSection } from '../../shared/types/ppi';
import { studyJudgeMappings } from '../annotation/judge-mappings';
import { labelledFields } from '../annotation/ratings';
import { correctedFigures } from './corrected-figures';
import { mappingReader, type MappingCalls } from './mapping-calls';
import { studyDesign } from './queue-design';

/** The outcomes counted under a mapping: the positive side of a binary one, every target category of a categorical. */
export function outcomesOf(mapping: JudgeMapping): string[] {
  return mapping.kind === 'binary' ? ['positive'] : [...new Set(Object.values(mapping.categories))];
}

/** The figures of one mapping with a labelled call somewhere, of outcomes the judge or the humans gave. */
function mappingFigures(mapping: JudgeMapping, read: MappingCalls, confidence: number): CorrectedFigure[] {
  const { calls, unmappedJudge, unmappedHuman, labelledUnjudged } = read;
  return correctedFigures(calls, outcomesOf(mapping), confidence)
    .filter((f) => f.cells.some((c) => c.labelled > 0))
    .filter((f) => f.cells.some((c) => !!c.judgeOnly.estimate || !!c.humanOnly.estimate))
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
  const design = studyDesign(db, studyId);
  const read = mappingReader(db, studyId);
  const figures = mappings.flatMap((m) => mappingFigures(m, read(m, design.stratum), confidence));
  return { confidence, design: design.description, figures };
}
