/**
 * Judge-corrected figures from calls already read: per system (pooled over conditions) and per system and condition,
 * the judge-only, human-only and PPI++ share of calls with a given outcome, and each pair of systems' difference.
 */
import type { CorrectedCell, CorrectedDifference, CorrectedInterval } from '../../shared/types/ppi';
import { conditionKey } from '../stats/benchmarks/index';
import {
  independentDifference,
  judgeOnlyMean,
  stratifiedPpiMean,
  type NormalEstimate,
  type StratumSample,
} from '../stats/ppi/index';

/** One judged call: the judge's value and the resolved human value, both in the mapping's space. */
export interface CorrectedCall {
  system: string;
  condition: Record<string, string>;
  /** The judge's value (never null: calls the judge did not place are left out before). */
  judge: string;
  /** The resolved human value; null when nobody labelled the call, it is disputed, or the mapping does not place it. */
  human: string | null;
  /** The humans disagree and nobody adjudicated. */
  disputed: boolean;
  /** The stratum the call was sampled in ('' for a simple random sample). */
  stratum: string;
}

/** The calls of one cell, as index lists per stratum (labelled first), read once for every outcome. */
interface Cell {
  system: string;
  condition: Record<string, string> | null;
  all: number[];
  strata: { labelled: number[]; unlabelled: number[] }[];
  disputed: number;
}

/** Cells keyed by system, and by system and condition when the calls have more than one condition. */
function cellsOf(calls: readonly CorrectedCall[]): Cell[] {
  const keys = calls.map((c) => conditionKey(c.condition));
  const byCondition = new Set(keys).size > 1;
  const cells = new Map<string, Cell & { strataBy: Map<string, { labelled: number[]; unlabelled: number[] }> }>();
  const add = (key: string, i: number, condition: Record<string, string> | null) => {
    const c = calls[i];
    let cell = cells.get(key);
    if (!cell) {
      cell = { system: c.system, condition, all: [], strata: [], disputed: 0, strataBy: new Map() };
      cells.set(key, cell);
    }
    cell.all.push(i);
    if (c.disputed) cell.disputed += 1;
    let stratum = cell.strataBy.get(c.stratum);
    if (!stratum) {
      stratum = { labelled: [], unlabelled: [] };
      cell.strataBy.set(c.stratum, stratum);
      cell.strata.push(stratum);
    }
    (c.human === null ? stratum.unlabelled : stratum.labelled).push(i);
  };
  calls.forEach((c, i) => {
    add(JSON.stringify([c.system]), i, null);
    if (byCondition) add(JSON.stringify([c.system, keys[i]]), i, c.condition);
  });
  const order = (a: Cell, b: Cell) =>
    a.system.localeCompare(b.system) ||
    Number(a.condition !== null) - Number(b.condition !== null) ||
    conditionKey(a.condition ?? {}).localeCompare(conditionKey(b.condition ?? {}));
  return [...cells.values()].map(({ strataBy: _, ...cell }) => cell).sort(order);
}

/** A number, or null when it is not finite. */
const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** The shared interval shape of an estimate. */
export function toInterval(e: NormalEstimate): CorrectedInterval {
  const estimate = finite(e.estimate);
  return {
    estimate,
    standardError: estimate === null ? null : finite(e.standardError),
    low: estimate === null ? null : finite(e.low),
    high: estimate === null ? null : finite(e.high),
  };
}

/** 1 where the value is the outcome, 0 elsewhere, over the calls at these indices. */
function indicators(values: readonly (string | null)[], at: readonly number[], outcome: string): Float64Array {
  const out = new Float64Array(at.length);
  for (let k = 0; k < at.length; k++) out[k] = values[at[k]] === outcome ? 1 : 0;
  return out;
}

/** The figures of one outcome: every cell, and the difference of every pair of systems' pooled cells. */
export interface OutcomeFigures {
  outcome: string;
  cells: CorrectedCell[];
  differences: CorrectedDifference[];
}

/** Judge-only, human-only and PPI++ shares of `outcome` per cell, and the pairwise differences, for each outcome. */
export function correctedFigures(
  calls: readonly CorrectedCall[],
  outcomes: readonly string[],
  confidence: number,
): OutcomeFigures[] {
  const cells = cellsOf(calls);
  const judge = calls.map((c) => c.judge);
  const human = calls.map((c) => c.human);
  return outcomes.map((outcome) => {
    const estimates = cells.map((cell) => {
      const strata: StratumSample[] = cell.strata.map((s) => ({
        ys: indicators(human, s.labelled, outcome),
        labelled: indicators(judge, s.labelled, outcome),
        unlabelled: indicators(judge, s.unlabelled, outcome),
      }));
      const corrected = stratifiedPpiMean(strata, 'tuned', confidence);
      return {
        cell,
        judgeOnly: judgeOnlyMean(indicators(judge, cell.all, outcome), confidence),
        humanOnly: stratifiedPpiMean(strata, 0, confidence),
        corrected,
        lambda: strata.length === 1 ? corrected.strata[0].lambda : null,
        labelled: strata.reduce((n, s) => n + s.ys.length, 0),
      };
    });
    const pooled = estimates.filter((e) => e.cell.condition === null);
    const differences: CorrectedDifference[] = pooled.flatMap((a, i) =>
      pooled.slice(i + 1).map((b) => ({
        systemA: a.cell.system,
        systemB: b.cell.system,
        judgeOnly: toInterval(independentDifference(a.judgeOnly, b.judgeOnly, confidence)),
        corrected: toInterval(independentDifference(a.corrected, b.corrected, confidence)),
      })),
    );
    return {
      outcome,
      cells: estimates.map((e): CorrectedCell => ({
        system: e.cell.system,
        condition: e.cell.condition,
        calls: e.cell.all.length,
        labelled: e.labelled,
        disputed: e.cell.disputed,
        strata: e.cell.strata.length,
        judgeOnly: toInterval(e.judgeOnly),
        humanOnly: toInterval(e.humanOnly),
        corrected: toInterval(e.corrected),
        lambda: e.lambda,
      })),
      differences,
    };
  });
}
