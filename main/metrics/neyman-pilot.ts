/**
 * Each stratum's S_h for a Neyman allocation, from the labels so far (the pilot): the plug-in standard deviation of
 * the residual Y − f (human minus judge flag, PPI's λ = 1) under a binary judge-to-field mapping, over the stratum's
 * labelled calls; 0.5, the largest a 0/1 share can have, where fewer than two calls of the stratum are labelled.
 */
import type { Db } from '../db/open';
import { DomainError } from '../domain/errors';
import { requireJudgeMapping } from '../annotation/judge-mappings';
import { plugInVariance } from '../stats/ppi/index';
import { mappingReader, type StudyEpisode } from './mapping-calls';

/** S_h when the pilot cannot tell: the standard deviation of a 0/1 share at one half. */
export const UNKNOWN_DEVIATION = 0.5;

/** S_h of each named stratum, in order, for the binary mapping `mappingKey`. */
export function pilotDeviations(
  db: Db,
  studyId: number,
  mappingKey: string,
  stratum: (episode: StudyEpisode) => string,
  strata: readonly string[],
): number[] {
  const mapping = requireJudgeMapping(db, studyId, mappingKey);
  if (mapping.kind !== 'binary')
    throw new DomainError('invalid_input', `Neyman allocation needs a binary mapping; "${mappingKey}" is categorical`);
  const residuals = new Map<string, number[]>(strata.map((s) => [s, []]));
  for (const c of mappingReader(db, studyId)(mapping, stratum).calls) {
    if (c.human === null) continue;
    residuals.get(c.stratum)?.push(Number(c.human === 'positive') - Number(c.judge === 'positive'));
  }
  return strata.map((s) => {
    const r = residuals.get(s)!;
    return r.length < 2 ? UNKNOWN_DEVIATION : Math.sqrt(plugInVariance(r));
  });
}
