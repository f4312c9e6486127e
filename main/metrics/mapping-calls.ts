/**
 * A study's judged calls under one judge-to-field mapping: each call's judge value and resolved human value in the
 * mapping's space (the adjudication, else the annotators' common label), with what was left out counted.
 */
import type { Db } from '../db/open';
import { newestJudgeOutputs, type JudgeOutputRow } from '../db/judge-outputs';
import type { JudgeMapping } from '../../shared/types/judge-validation';
import { mappedValues } from '../../shared/taxonomies/judge-mappings';
import { humanSide, judgeValue, type HumanSide } from '../annotation/judge-validation';
import { studyEpisodes } from '../annotation/lookups';
import type { CorrectedCall } from './corrected-figures';

/** A study's episodes as the metrics read them. */
export type StudyEpisode = ReturnType<typeof studyEpisodes>[number];

/** The calls of a mapping and the counts of what was left out. */
export interface MappingCalls {
  calls: (CorrectedCall & { episodeId: number })[];
  /** Judged calls whose judge output the mapping does not place. */
  unmappedJudge: number;
  /** Calls with a resolved human value the mapping does not place. */
  unmappedHuman: number;
  /** Calls with a human value but no judge output. */
  labelledUnjudged: number;
}

/** A call's resolved human value: the adjudicated one, else the common one; disputed when they differ. */
export function resolvedHuman(side: HumanSide, row: number): { value: string | null; disputed: boolean } {
  if (side.unresolved[row]) return { value: null, disputed: true };
  if (side.adjudicated[row] !== null) return { value: side.adjudicated[row], disputed: false };
  const values = new Set(side.ratings.labels[row].filter((v): v is string => v !== null));
  if (values.size > 1) return { value: null, disputed: true };
  return { value: values.size === 1 ? [...values][0] : null, disputed: false };
}

/** The mapping's calls from the episodes, the field's human side and the judge outputs; `stratum` names each call's. */
export function mappingCalls(
  mapping: JudgeMapping,
  episodes: readonly StudyEpisode[],
  side: HumanSide,
  outputs: Map<number, JudgeOutputRow>,
  stratum: (episode: StudyEpisode) => string = () => '',
): MappingCalls {
  const mapped = mappedValues(mapping);
  const rowOf = new Map(side.ratings.items.map((e, i) => [e.id, i]));
  const out: MappingCalls = { calls: [], unmappedJudge: 0, unmappedHuman: 0, labelledUnjudged: 0 };
  for (const e of episodes) {
    const row = rowOf.get(e.id);
    const human = row === undefined ? { value: null, disputed: false } : resolvedHuman(side, row);
    const humanValue = mapped.human(human.value);
    const output = outputs.get(e.id);
    if (!output) {
      if (humanValue !== null) out.labelledUnjudged += 1;
      continue;
    }
    const judge = mapped.judge(judgeValue(output, mapping));
    if (judge === null) {
      out.unmappedJudge += 1;
      continue;
    }
    if (human.value !== null && humanValue === null) out.unmappedHuman += 1;
    out.calls.push({
      episodeId: e.id,
      system: e.system,
      condition: e.condition,
      judge,
      human: humanValue,
      disputed: human.disputed,
      stratum: stratum(e),
    });
  }
  return out;
}

/** Reads what mappingCalls needs, once per field and judge, for the mappings of a study. */
export function mappingReader(db: Db, studyId: number) {
  const episodes = studyEpisodes(db, studyId);
  const sides = new Map<string, HumanSide>();
  const outputs = new Map<string | null, Map<number, JudgeOutputRow>>();
  return (mapping: JudgeMapping, stratum?: (episode: StudyEpisode) => string): MappingCalls => {
    if (!sides.has(mapping.field)) sides.set(mapping.field, humanSide(db, { studyId, field: mapping.field }));
    if (!outputs.has(mapping.judgeId)) outputs.set(mapping.judgeId, newestJudgeOutputs(db, studyId, mapping.judgeId));
    return mappingCalls(mapping, episodes, sides.get(mapping.field)!, outputs.get(mapping.judgeId)!, stratum);
  };
}
