/** `earshot agreement --population N`: Gwet's finite-population correction of the analytic SEs, and its refusals. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from '../../test-support/fixtures';
import { createServices } from '../services/services';
import { readTauElicitation } from '../importers/tau-elicitation/read-tau-elicitation';
import { writeBatch } from '../importers/write-batch';
import { runEarshot } from '../../test-support/earshot-cli';
import { parseCliArgs } from './args';
import { EXIT, exitCodeOf } from './exit-codes';
import { COMMAND_HELP } from './help';

const home = mkdtempSync(join(tmpdir(), 'earshot-cli-population-'));
const db = join(home, 'study.db');

const earshot = (...args: string[]) => runEarshot({ home, cwd: home }, ...args);

/** The coefficients with an analytic SE on a two-rater nominal table. */
const ANALYTIC = [
  'percentAgreement',
  'brennanPrediger',
  'cohenKappa',
  'scottPi',
  'fleissKappa',
  'congerKappa',
  'gwetAc1',
  'krippendorffAlpha',
] as const;

interface Analytic {
  se: number;
  low: number;
  high: number;
  df: number;
}
type Coefficients = Record<(typeof ANALYTIC)[number], { estimate: number; analytic: Analytic; bootstrap: unknown }>;

/**
 * irrCAC (R, kgwet/irrCAC, R/agree.coeff3.raw.r and R/agree.coeff2.r): f = n/N and every variance is multiplied by
 * (1 − f), e.g. `var.ac1 <- ((1-f)/(n*(n-1))) * sum(...)`, `var.kappa <- ((1-f)/(n*(1-pe)^2)) * (...)`; so the SE
 * with a population N is the SE without one times √(1 − n/N), the degrees of freedom (n − 1) unchanged.
 */
function expectCorrected(plain: Coefficients, corrected: Coefficients, factor: number): void {
  for (const name of ANALYTIC) {
    const [p, c] = [plain[name], corrected[name]];
    expect(c.estimate).toBe(p.estimate);
    expect(c.analytic.se).toBeCloseTo(p.analytic.se * factor, 12);
    expect(c.analytic.df).toBe(p.analytic.df);
    expect(c.analytic.high - c.analytic.low).toBeLessThan(p.analytic.high - p.analytic.low);
    expect(c.bootstrap).toEqual(p.bootstrap);
  }
}

beforeAll(async () => {
  const s = await createServices(db);
  await writeBatch(s.db, await readTauElicitation(fixture('tau-elicitation')), {
    studyName: 'tau elicit',
    now: new Date(),
  });
  s.db.close();
  // irrCAC's cont3x3abstractors: 100 patients, both abstractors rated each one (n = 100 for every coefficient).
  const rows = ['item,rater,label'];
  const categories = ['Ectopic', 'AIU', 'NIU'];
  [
    [13, 0, 0],
    [0, 20, 7],
    [0, 4, 56],
  ].forEach((row, i) =>
    row.forEach((n, j) => {
      for (let k = 0; k < n; k++) rows.push(`p${i}${j}${k},A,${categories[i]}`, `p${i}${j}${k},B,${categories[j]}`);
    }),
  );
  writeFileSync(join(home, 'abstractors.csv'), rows.join('\n'));
}, 60_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('earshot agreement --population N', () => {
  const SLOW = { timeout: 60_000 };

  it('--ratings: every analytic SE × √(1 − n/N) (irrCAC), N = n gives SE 0; the text says so', SLOW, () => {
    const run = (...extra: string[]) => {
      const res = earshot('agreement', '--ratings', 'abstractors.csv', '--json', '--resamples', '200', ...extra);
      expect([res.code, res.stderr]).toEqual([0, '']);
      return JSON.parse(res.stdout);
    };
    const plain = run();
    const corrected = run('--population', '400');
    expect([plain.analytic.population, corrected.analytic.population]).toEqual([null, 400]);
    expectCorrected(plain.coefficients, corrected.coefficients, Math.sqrt(1 - 100 / 400));
    // irrCAC README: kappa2.table(cont3x3abstractors) SE 0.05891072 with N = Inf.
    expect(corrected.coefficients.cohenKappa.analytic.se).toBeCloseTo(0.05891072 * Math.sqrt(0.75), 8);
    expect(run('--population', '100').coefficients.gwetAc1.analytic.se).toBe(0);
    const text = earshot('agreement', '--ratings', 'abstractors.csv', '--resamples', '200', '--population', '400');
    expect(text.stdout.split('\n')[0]).toMatch(/items rated twice by A, B, SEs corrected for a population of 400$/);
  });

  it('--study: the overall report with N = 400 over the 100 calls is corrected by √0.75', SLOW, () => {
    const run = (...extra: string[]) => {
      const args = ['--study', 'tau elicit', '--field', 'error_source', '--db', db, '--json', '--resamples', '200'];
      const res = earshot('agreement', ...args, ...extra);
      expect([res.code, res.stderr]).toEqual([0, '']);
      return JSON.parse(res.stdout).overall;
    };
    const plain = run();
    const corrected = run('--population', '400');
    expect(plain.nRatedItems).toBe(100);
    expect(corrected.analytic.population).toBe(400);
    expectCorrected(plain.coefficients, corrected.coefficients, Math.sqrt(1 - 100 / 400));
  });

  it('refuses anything but a whole number ≥ 1 and ≥ the items, in one usage line, exit code 2', SLOW, () => {
    const refused = (...args: string[]) => {
      const res = earshot('agreement', ...args);
      expect(res.code).toBe(2);
      expect(res.stdout).toBe('');
      expect(res.stderr.trim().split('\n')).toHaveLength(1);
      return res.stderr;
    };
    expect(refused('--ratings', 'abstractors.csv', '--population', '0')).toMatch(
      /^earshot agreement: --population must be a whole number from 1 to 9007199254740991, got "0"/,
    );
    for (const bad of ['-3', '2.5', 'many', '', '1e3']) {
      let error: unknown;
      try {
        parseCliArgs([`--population=${bad}`]);
      } catch (err) {
        error = err;
      }
      expect(exitCodeOf(error)).toBe(EXIT.usage);
      const message = `--population must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}, got "${bad}"`;
      expect((error as Error).message).toBe(message);
    }
    expect(refused('--ratings', 'abstractors.csv', '--population', '99')).toMatch(
      /--population must be at least the 100 items, got 99/,
    );
    const study = ['--study', 'tau elicit', '--field', 'error_source', '--db', db];
    expect(refused(...study, '--population', '50')).toMatch(/--population must be at least the 100 items, got 50/);
    expect(COMMAND_HELP.agreement.options.map(([flag]) => flag)).toContain('--population N');
  });
});
