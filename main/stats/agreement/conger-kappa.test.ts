import { describe, expect, it } from 'vitest';
import { expectRounded } from '../../../test-support/expect-rounded';
import { codeRatings } from './coding';
import { cohenKappa } from './cohen-kappa';
import { congerKappa } from './conger-kappa';
import { fleissKappa } from './fleiss-kappa';
import {
  columnsOfRows,
  FLEISS_1971_DIAGNOSES,
  fromColumns,
  fromContingency,
  IRRCAC_BEN_GERRY,
  IRRCAC_CONT4X4_DIAGNOSIS,
  IRRCAC_PORT_RAW4_WEIGHTED,
  IRRCAC_RAW_4RATERS,
  IRRCAC_RAW_5OBSERVERS,
  IRRCAC_RAW_G1G2,
  IRRCAC_RAW_GENDER,
} from './reference-data';

const raw4 = codeRatings(fromColumns(IRRCAC_RAW_4RATERS));

describe("Conger's κ", () => {
  it('reproduces irrCAC conger.kappa.raw(cac.raw4raters) = 0.76282 (README)', () => {
    expect(congerKappa(raw4)).toBeCloseTo(0.76282, 5);
  });

  it('reproduces the irrCAC port (test_conger.py): 5 observers 0.469, g1g2 0.659, gender 0.166, BG 0.657', () => {
    expect(congerKappa(codeRatings(fromColumns(IRRCAC_RAW_5OBSERVERS)))).toBeCloseTo(0.469, 3);
    expect(congerKappa(codeRatings(fromColumns(IRRCAC_RAW_G1G2)))).toBeCloseTo(0.659, 3);
    expect(congerKappa(codeRatings(fromColumns(IRRCAC_RAW_GENDER)))).toBeCloseTo(0.166, 3);
    expect(congerKappa(codeRatings(fromColumns(IRRCAC_BEN_GERRY)))).toBeCloseTo(0.657, 3);
  });

  it("reproduces R irr kappam.fleiss(diagnoses, exact = TRUE) = 0.442 (pyirr's test), where Fleiss' κ is 0.430", () => {
    const coded = codeRatings(fromColumns(columnsOfRows(FLEISS_1971_DIAGNOSES)));
    expectRounded(congerKappa(coded), 0.442, 3);
    expectRounded(fleissKappa(coded), 0.43, 3);
  });

  const raw4Conger = IRRCAC_PORT_RAW4_WEIGHTED.map(([family, , , , , conger]) => [family, conger] as const);
  it.each(raw4Conger)('%s weights on cac.raw4raters: %d (irrCAC port test_conger.py)', (family, value) => {
    expectRounded(congerKappa(raw4, family), value, 3);
  });

  it("is Cohen's κ for two raters with complete data", () => {
    const coded = codeRatings(fromContingency(IRRCAC_CONT4X4_DIAGNOSIS));
    expect(congerKappa(coded)).toBeCloseTo(cohenKappa(coded), 14);
  });

  it('leaves out a rater who rated nothing', () => {
    const withIdle = codeRatings(fromColumns([...IRRCAC_RAW_4RATERS, new Array(12).fill(null)]));
    expect(congerKappa(withIdle)).toBeCloseTo(congerKappa(raw4), 14);
  });
});
