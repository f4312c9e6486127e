/**
 * Krippendorff's αu for unitizing a continuum (Krippendorff 1995, "On the reliability of unitizing continuous data",
 * Sociological Methodology 25:47–76; Krippendorff 2004, Content Analysis, 2nd ed., §11.6), per category and overall,
 * computed as DKPro Agreement's KrippendorffAlphaUnitizingAgreement computes it: the continuum is split, for each
 * rater and category, into the rater's units and the gaps between them, and pairs of raters' segments are compared.
 */

/** One rater's unit: positions begin … begin + length − 1 of the continuum (whole numbers, e.g. milliseconds). */
export interface UnitizedSegment {
  begin: number;
  length: number;
  rater: number;
  category: string;
}

/** A unitizing study: `raters` raters each unitized the whole continuum [begin, begin + length). */
export interface UnitizingStudy {
  begin: number;
  length: number;
  raters: number;
  units: readonly UnitizedSegment[];
}

/** αu of one category with its observed and expected disagreement; alpha null when the category has no units. */
export interface UnitizingCategory {
  category: string;
  units: number;
  observed: number;
  expected: number;
  alpha: number | null;
}

/** αu over all categories (D_O and D_E averaged over the categories) and per category. */
export interface UnitizingAlpha {
  alpha: number | null;
  observed: number;
  expected: number;
  categories: UnitizingCategory[];
}

interface Piece {
  begin: number;
  length: number;
  unit: boolean;
}

/**
 * Krippendorff's distance between two segments (one of them possibly a gap): two overlapping units
 * (b1 − b2)² + (e1 − e2)²; a unit inside the other rater's gap its length squared; 0 otherwise.
 */
export function unitizingDistance(
  begin1: number,
  length1: number,
  unit1: boolean,
  begin2: number,
  length2: number,
  unit2: boolean,
): number {
  const beginDiff = begin1 - begin2;
  const lengthDiff = length1 - length2;
  if (unit1 && unit2 && -length1 < beginDiff && beginDiff < length2) {
    return beginDiff * beginDiff + (beginDiff + lengthDiff) * (beginDiff + lengthDiff);
  }
  if (unit1 && !unit2 && -lengthDiff >= beginDiff && beginDiff >= 0) return length1 * length1;
  if (!unit1 && unit2 && -lengthDiff <= beginDiff && beginDiff <= 0) return length2 * length2;
  return 0;
}

/** A rater's units of a category in order, with the gaps between them, covering the continuum; refuses overlaps. */
function pieces(study: UnitizingStudy, rater: number, category: string): Piece[] {
  const units = study.units
    .filter((u) => u.rater === rater && u.category === category)
    .sort((a, b) => a.begin - b.begin || a.length - b.length);
  const out: Piece[] = [];
  let pos = study.begin;
  const end = study.begin + study.length;
  for (const u of units) {
    if (u.begin < pos) throw new Error(`rater ${rater}'s "${category}" units overlap at ${u.begin}`);
    if (u.begin + u.length > end) throw new Error(`a "${category}" unit ends after the continuum (${end})`);
    if (u.begin > pos) out.push({ begin: pos, length: u.begin - pos, unit: false });
    out.push({ begin: u.begin, length: u.length, unit: true });
    pos = u.begin + u.length;
  }
  if (pos < end) out.push({ begin: pos, length: end - pos, unit: false });
  return out;
}

/** D_O of a category: the distances of every pair of raters' overlapping segments, 2 Σ / (R(R − 1) L²). */
function observedDisagreement(study: UnitizingStudy, all: Piece[][]): number {
  let sum = 0;
  for (let r1 = 0; r1 < study.raters; r1++) {
    for (let r2 = r1 + 1; r2 < study.raters; r2++) {
      const a = all[r1];
      const b = all[r2];
      let i = 0;
      let j = 0;
      while (i < a.length && j < b.length) {
        const p = a[i];
        const s = b[j];
        sum += unitizingDistance(p.begin, p.length, p.unit, s.begin, s.length, s.unit);
        const endA = p.begin + p.length;
        const endB = s.begin + s.length;
        if (endA <= endB) i++;
        if (endB <= endA) j++;
      }
    }
  }
  const r = study.raters;
  return (2 * sum) / (r * (r - 1) * study.length * study.length);
}

/**
 * D_E of a category: (2/L) Σ_units [(N_c − 1)(2l³ − 3l² + l)/3 + l² Σ_{gaps g ≥ l} (g − l + 1)] / (RL(RL − 1) −
 * Σ_units l(l − 1)), over every rater's units and gaps of the category.
 */
function expectedDisagreement(study: UnitizingStudy, all: Piece[][]): number {
  const lengths: number[] = [];
  const gaps: number[] = [];
  for (const list of all) for (const p of list) (p.unit ? lengths : gaps).push(p.length);
  gaps.sort((x, y) => y - x);
  const nc = lengths.length;
  let squared = 0;
  let sum = 0;
  for (const l of lengths) {
    squared += l * (l - 1);
    let fits = 0;
    for (const g of gaps) {
      if (g < l) break;
      fits += g - l + 1;
    }
    sum += ((nc - 1) * (2 * l * l * l - 3 * l * l + l)) / 3 + l * l * fits;
  }
  const rl = study.raters * study.length;
  return ((2 / study.length) * sum) / (rl * (rl - 1) - squared);
}

/** The observed and expected disagreement of one category. */
export function unitizingCategoryDisagreement(
  study: UnitizingStudy,
  category: string,
): { observed: number; expected: number } {
  const all = Array.from({ length: study.raters }, (_, r) => pieces(study, r, category));
  return { observed: observedDisagreement(study, all), expected: expectedDisagreement(study, all) };
}

/** 1 − D_O/D_E, DKPro's conventions: 0 when D_O = D_E (both 0: 1 when there are units, as for full agreement). */
function ratio(observed: number, expected: number, hasUnits: boolean): number | null {
  if (!hasUnits) return null;
  if (observed === expected) return observed === 0 ? 1 : 0;
  return 1 - observed / expected;
}

/** αu per category (categories in first-appearance order unless given) and overall; needs at least 2 raters. */
export function unitizingAlpha(study: UnitizingStudy, categories?: readonly string[]): UnitizingAlpha {
  if (study.raters < 2) throw new Error(`unitizing agreement needs at least 2 raters, got ${study.raters}`);
  if (!(study.length > 0)) throw new Error(`the continuum must have a positive length, got ${study.length}`);
  const list = categories ?? [...new Set(study.units.map((u) => u.category))];
  const rows = list.map((category): UnitizingCategory => {
    const units = study.units.filter((u) => u.category === category).length;
    const { observed, expected } = unitizingCategoryDisagreement(study, category);
    return { category, units, observed, expected, alpha: ratio(observed, expected, units > 0) };
  });
  const observed = rows.reduce((s, r) => s + r.observed, 0) / Math.max(1, rows.length);
  const expected = rows.reduce((s, r) => s + r.expected, 0) / Math.max(1, rows.length);
  const hasUnits = study.units.some((u) => u.length > 0);
  return { alpha: ratio(observed, expected, hasUnits), observed, expected, categories: rows };
}
