/** The report's optional Hayes–Krippendorff bootstrap of α, on Krippendorff (2011) section C. */
import { describe, expect, it } from 'vitest';
import { codeRatings } from './coding';
import { hayesKrippendorffBootstrap } from './hayes-krippendorff';
import { fromColumns, KRIPPENDORFF_2011_C } from './reference-data';
import { agreementReport } from './report';

describe('agreementReport with pairBootstrap', () => {
  const table = fromColumns(KRIPPENDORFF_2011_C);

  it('adds α by pair resampling at the report level, the same seed and count as the item bootstrap', () => {
    const r = agreementReport(table, { level: 'interval', pairBootstrap: true, resamples: 2000, seed: 5 });
    const direct = hayesKrippendorffBootstrap(codeRatings(table), 'interval', { resamples: 2000, seed: 5 });
    expect(r.alphaPairBootstrap).toEqual(direct);
    // Krippendorff (2011) C, interval α = 0.849: both bootstraps are about the same estimate.
    expect(r.alphaPairBootstrap!.estimate!.toFixed(3)).toBe('0.849');
    expect(r.coefficients.krippendorffAlpha.estimate!.toFixed(3)).toBe('0.849');
  });

  it('leaves it out unless asked for', () => {
    expect(agreementReport(table, { resamples: 100 }).alphaPairBootstrap).toBeUndefined();
  });
});
