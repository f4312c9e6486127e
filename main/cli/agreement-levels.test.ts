/** `earshot agreement --level ratio|circular|bipolar` and `--weights FAMILY`, run as a user runs the CLI. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectRounded } from '../../test-support/expect-rounded';
import { fixture } from '../../test-support/fixtures';
import { runEarshot } from '../../test-support/earshot-cli';
import { createServices } from '../services/services';
import { readTauElicitation } from '../importers/tau-elicitation/read-tau-elicitation';
import { writeBatch } from '../importers/write-batch';
import { codeRatings } from '../stats/agreement/coding';
import { krippendorffAlpha } from '../stats/agreement/krippendorff-alpha';
import { ratingsFromRecords } from '../stats/agreement/ratings';
import { IRRCAC_RAW_4RATERS } from '../stats/agreement/reference-data';
import { parseCsvRows } from '../util/csv';
import { EXIT } from './exit-codes';

const home = mkdtempSync(join(tmpdir(), 'earshot-cli-levels-'));
const db = join(home, 'study.db');
const SLOW = { timeout: 60_000 };

const earshot = (...args: string[]) => runEarshot({ home, cwd: home }, ...args);

/** Writes an item,rater,label CSV of per-rater columns (null = no rating). */
function writeColumns(name: string, columns: readonly (readonly (string | number | null)[])[]): void {
  const rows = ['item,rater,label'];
  columns.forEach((column, r) => column.forEach((v, i) => v !== null && rows.push(`u${i + 1},R${r + 1},${v}`)));
  writeFileSync(join(home, name), rows.join('\n'));
}

beforeAll(async () => {
  const s = await createServices(db);
  const batch = await readTauElicitation(fixture('tau-elicitation'));
  await writeBatch(s.db, batch, { studyName: 'tau elicit', now: new Date() });
  s.db.close();
  writeColumns('raw4.csv', IRRCAC_RAW_4RATERS);
  writeColumns('negative.csv', [[1, 2, -1, 3], [1, 2, 0, 3]]);
  writeColumns('text.csv', [['1', '2', 'x', '3'], ['1', '2', '3', '3']]);
}, 60_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('earshot agreement at ratio, circular and bipolar levels', () => {
  it('--level ratio --json: α 0.797 with SE 0.140 and a bootstrap interval, AC2 with ratio weights', SLOW, () => {
    const res = earshot('agreement', '--ratings', 'raw4.csv', '--level', 'ratio', '--json', '--resamples', '1000');
    expect([res.code, res.stderr]).toEqual([0, '']);
    const report = JSON.parse(res.stdout);
    expect(report.level).toBe('ratio');
    const alpha = report.coefficients.krippendorffAlpha;
    // Krippendorff (2011) section C (the krippendorff package's doctest); SE: irrCAC port test_krippendorff.py.
    expectRounded(alpha.estimate, 0.797, 3);
    expectRounded(alpha.analytic.se, 0.14, 3);
    expect(alpha.bootstrap.low).toBeLessThan(alpha.estimate);
    expect(alpha.bootstrap.high).toBeGreaterThan(alpha.estimate);
    // irrCAC port test_gwet.py / test_fleiss.py on cac.raw4raters, ratio weights: AC2 0.857 (SE 0.122), Fleiss 0.821.
    const weighted = report.coefficients.weighted;
    expect(weighted.weights).toBe('ratio');
    expectRounded(weighted.gwetAc2.estimate, 0.857, 3);
    expectRounded(weighted.gwetAc2.analytic.se, 0.122, 3);
    expectRounded(weighted.fleissKappa.estimate, 0.821, 3);
    const text = earshot('agreement', '--ratings', 'raw4.csv', '--level', 'ratio', '--resamples', '200').stdout;
    expect(text).toMatch(/Krippendorff's alpha \(ratio\) +0\.797 \[/);
    expect(text).toMatch(/Gwet's AC2 \(ratio\) +0\.857 \[/);
  });

  it('--weights quadratic gives the weighted forms that family at any level and names it', SLOW, () => {
    const run = (...extra: string[]) =>
      JSON.parse(earshot('agreement', '--ratings', 'raw4.csv', '--json', '--resamples', '200', ...extra).stdout);
    const nominal = run('--weights', 'quadratic');
    const circular = run('--level', 'circular', '--weights', 'quadratic');
    // irrCAC port test_gwet.py / test_bp.py on cac.raw4raters, quadratic weights: AC2 0.914 (SE 0.104), BP 0.902.
    for (const report of [nominal, circular]) {
      expect(report.coefficients.weighted.weights).toBe('quadratic');
      expectRounded(report.coefficients.weighted.gwetAc2.estimate, 0.914, 3);
      expectRounded(report.coefficients.weighted.gwetAc2.analytic.se, 0.104, 3);
      expectRounded(report.coefficients.weighted.brennanPrediger.estimate, 0.902, 3);
    }
    // α stays at the level: nominal 0.743 (Krippendorff 2011); circular 0.790 (irrCAC port test_krippendorff.py).
    expectRounded(nominal.coefficients.krippendorffAlpha.estimate, 0.743, 3);
    expectRounded(circular.coefficients.krippendorffAlpha.estimate, 0.79, 3);
    expect(run('--level', 'circular').coefficients.weighted.weights).toBe('circular');
    const text = earshot('agreement', '--ratings', 'raw4.csv', '--weights', 'quadratic', '--resamples', '200').stdout;
    expect(text).toMatch(/Gwet's AC2 \(quadratic\) +0\.914 \[/);
    const bad = earshot('agreement', '--ratings', 'raw4.csv', '--weights', 'cubic');
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.stderr.trim().split('\n')).toEqual([expect.stringMatching(/--weights must be one of identity, /)]);
  });

  it('refuses a negative or non-numeric label at ratio level in one line naming file and label (exit 3)', SLOW, () => {
    for (const [file, label] of [
      ['negative.csv', '-1'],
      ['text.csv', 'x'],
    ]) {
      const res = earshot('agreement', '--ratings', file, '--level', 'ratio', '--json');
      expect(res.code).toBe(EXIT.refused);
      expect(res.stdout).toBe('');
      const why = `ratio level needs numeric labels ≥ 0; "${label}" is not one`;
      expect(res.stderr).toBe(`earshot agreement: ${file}: ${why}\n`);
    }
    expect(earshot('agreement', '--ratings', 'negative.csv', '--level', 'interval', '--resamples', '50').code).toBe(0);
    expect(earshot('agreement', '--ratings', 'raw4.csv', '--level', 'logarithmic').code).toBe(EXIT.usage);
  });

  it('--study --level ratio --weights quadratic: α at ratio level of the release severities', SLOW, () => {
    const res = earshot(
      'agreement',
      ...['--study', 'tau elicit', '--field', 'severity', '--raters', 'A,B', '--db', db],
      ...['--level', 'ratio', '--weights', 'quadratic', '--json', '--resamples', '300'],
    );
    expect([res.code, res.stderr]).toEqual([0, '']);
    const overall = JSON.parse(res.stdout).overall;
    expect(overall.level).toBe('ratio');
    expect(overall.coefficients.weighted.weights).toBe('quadratic');
    // The same α from validation.csv itself: the call rows' human_severity_a and _b (0 … 3).
    const csv = readFileSync(fixture('tau-elicitation/judge_validation/validation.csv'), 'utf8');
    const [header, ...rows] = parseCsvRows(csv);
    const col = (name: string) => header.indexOf(name);
    const calls = rows.filter((row) => row[col('unit_type')] === 'call');
    const records = calls.flatMap((row) =>
      (['a', 'b'] as const).map((r) => ({
        item: row[col('simulation_id')],
        rater: r,
        label: row[col(`human_severity_${r}`)] || null,
      })),
    );
    const expected = krippendorffAlpha(codeRatings(ratingsFromRecords(records)), 'ratio');
    expect(overall.coefficients.krippendorffAlpha.estimate).toBeCloseTo(expected, 12);
  });
});
