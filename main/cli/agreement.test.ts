import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from '../../test-support/fixtures';
import { createServices } from '../services/services';
import { readTauElicitation } from '../importers/tau-elicitation/read-tau-elicitation';
import { writeBatch } from '../importers/write-batch';
import { runEarshot } from '../../test-support/earshot-cli';
import { TAU_VALIDATION } from '../../test-support/fixture-counts';

const home = mkdtempSync(join(tmpdir(), 'earshot-cli-agreement-'));
const db = join(home, 'study.db');

const earshot = (...args: string[]) => runEarshot({ home, cwd: home }, ...args);

beforeAll(async () => {
  const s = await createServices(db);
  await writeBatch(s.db, await readTauElicitation(fixture('tau-elicitation')), {
    studyName: 'tau elicit',
    now: new Date(),
  });
  s.db.close();
}, 60_000);
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('earshot agreement', () => {
  it(
    '--ratings FILE.csv --json prints one report (Wikipedia κ example: 0.4) and touches no database',
    { timeout: 30_000 },
    () => {
      const rows = ['item,rater,label'];
      const add = (n: number, a: string, b: string) => {
        for (let i = 0; i < n; i++) rows.push(`${a}${b}${i},A,${a}`, `${a}${b}${i},B,${b}`);
      };
      add(20, 'yes', 'yes');
      add(5, 'yes', 'no');
      add(10, 'no', 'yes');
      add(15, 'no', 'no');
      rows.push('extra,A,');
      writeFileSync(join(home, 'ratings.csv'), rows.join('\n'));
      const res = earshot('agreement', '--ratings', 'ratings.csv', '--json', '--resamples', '2000');
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      const report = JSON.parse(res.stdout);
      expect(report.nItems).toBe(51);
      expect(report.nPairableItems).toBe(50);
      expect(report.statistics.cohenKappa.estimate).toBeCloseTo(0.4, 12);
      expect(report.statistics.percentAgreement.estimate).toBeCloseTo(0.7, 12);
      expect(report.bootstrap.resamples).toBe(2000);
      expect(existsSync(join(home, 'earshot.db'))).toBe(false);
    },
  );

  it(
    '--ratings --json gives every coefficient with analytic inference: irrCAC README values on cont3x3abstractors',
    { timeout: 30_000 },
    () => {
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
      const res = earshot('agreement', '--ratings', 'abstractors.csv', '--json', '--resamples', '500');
      expect(res.stderr).toBe('');
      const c = JSON.parse(res.stdout).coefficients;
      // irrCAC README: kappa2.table 0.7964094 (SE 0.05891072), scott2.table 0.7962397 (SE 0.05905473), gwet.ac1.table 0.8493305.
      expect(c.cohenKappa.estimate).toBeCloseTo(0.7964094, 7);
      expect(c.cohenKappa.analytic.se).toBeCloseTo(0.05891072, 8);
      expect(c.scottPi.analytic.se).toBeCloseTo(0.05905473, 8);
      expect(c.gwetAc1.estimate).toBeCloseTo(0.8493305, 7);
      expect(c.perCategory.map((k: { category: string }) => k.category)).toEqual(['AIU', 'Ectopic', 'NIU']);
      const text = earshot('agreement', '--ratings', 'abstractors.csv', '--resamples', '200').stdout;
      expect(text).toMatch(/Cohen's kappa +0\.796 \[[-\d.]+, [-\d.]+\] {2}SE 0\.059 {2}t \[0\.680, 0\.913\] {2}p /);
    },
  );

  it('--ratings --order a,b,c sets the category order, so text labels can be ordinal', { timeout: 30_000 }, () => {
    const pairs = [
      ['low', 'low'],
      ['low', 'mid'],
      ['mid', 'mid'],
      ['mid', 'high'],
      ['high', 'high'],
      ['high', 'mid'],
    ];
    const rows = ['item,rater,label', ...pairs.flatMap(([a, b], i) => [`u${i},A,${a}`, `u${i},B,${b}`])];
    writeFileSync(join(home, 'ordinal.csv'), rows.join('\n'));
    const refused = earshot('agreement', '--ratings', 'ordinal.csv', '--level', 'ordinal');
    // refused as invalid input (exit 3), naming the file, on one line
    expect([refused.code, refused.stderr.trim().split('\n')]).toEqual([
      3,
      ['earshot agreement: ordinal.csv: ordinal level with non-numeric labels needs an explicit category order'],
    ]);
    const res = earshot(
      'agreement',
      '--ratings',
      'ordinal.csv',
      '--level',
      'ordinal',
      '--order',
      'low, mid, high',
      '--json',
      '--resamples',
      '200',
    );
    expect(res.stderr).toBe('');
    const report = JSON.parse(res.stdout);
    expect(report.categories).toEqual(['low', 'mid', 'high']);
    expect(report.coefficients.weighted.weights).toBe('ordinal');
    expect(earshot('agreement', '--ratings', 'ordinal.csv', '--order', 'low,low,high').code).toBe(2);
    expect(earshot('agreement', '--ratings', 'ordinal.csv', '--order', 'low,mid').stderr).toMatch(
      /"high" is not in the category list/,
    );
  });

  it('prints a κ that rounds to zero as 0.000, never -0.000', { timeout: 30_000 }, () => {
    // Cohen's κ of these three items is 1 − 1.0000000000000002 in floating point: −2.2e-16.
    const rows = ['item,rater,label', 'i1,A,c', 'i1,B,b', 'i2,A,b', 'i2,B,a', 'i3,A,a', 'i3,B,a'];
    writeFileSync(join(home, 'zero.csv'), rows.join('\n'));
    const json = JSON.parse(earshot('agreement', '--ratings', 'zero.csv', '--json').stdout);
    expect(json.coefficients.cohenKappa.estimate).toBeLessThan(0);
    expect(json.coefficients.cohenKappa.estimate).toBeGreaterThan(-1e-12);
    const text = earshot('agreement', '--ratings', 'zero.csv').stdout;
    expect(text).toMatch(/Cohen's kappa +0\.000 \[/);
    expect(text).not.toContain('-0.000');
  });

  it('--ratings names file, line and field of a broken CSV, in one line with exit code 1', () => {
    writeFileSync(join(home, 'bad.csv'), 'item,rater,label\nc1,A,x\nc1,A,y\n');
    const res = earshot('agreement', '--ratings', 'bad.csv', '--json');
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/bad\.csv:3/);
  });

  it(
    '--study NAME --field F --raters A,B --db FILE --json: τ-Elicitation error_source κ = 0.93268',
    { timeout: 30_000 },
    () => {
      const res = earshot(
        'agreement',
        '--study',
        'tau elicit',
        '--field',
        'error_source',
        '--raters',
        'A,B',
        '--db',
        db,
        '--json',
        '--resamples',
        '1000',
      );
      expect(res.stderr).toBe('');
      const doc = JSON.parse(res.stdout);
      expect(doc.field).toBe('error_source');
      expect(doc.raters).toEqual(['A', 'B']);
      expect(doc.overall.statistics.cohenKappa.estimate).toBeCloseTo(0.9326750448833033, 12);
      expect(Object.keys(doc)).toEqual([
        'study',
        'field',
        'phase',
        'raters',
        'overall',
        'breakdowns',
        'vsAdjudicated',
        'unresolvedExcluded',
        'judge',
        'extras',
      ]);
      expect(doc.judge.unmapped).toMatch(/No judge output is mapped to "error_source"/);
    },
  );

  it(
    '--study without --field takes the first field a judge maps to; the release figures of metrics.json and utterances.csv come out',
    { timeout: 30_000 },
    () => {
      const res = earshot('agreement', '--study', 'tau elicit', '--db', db, '--json', '--resamples', '500');
      expect(res.code).toBe(0);
      expect(res.stderr).toMatch(/--field severity/);
      const doc = JSON.parse(res.stdout);
      expect(doc.field).toBe('severity');
      const published = JSON.parse(readFileSync(fixture('tau-elicitation/judge_validation/metrics.json'), 'utf8'));
      const calls = doc.judge.release.find((p: { file: string }) => p.file === 'judge_validation/validation.csv');
      const figure = (key: string) => calls.figures.find((f: { key: string }) => f.key === key);
      const seven = [
        'strict.precision',
        'strict.recall',
        'strict.f1',
        'lenient.precision',
        'lenient.recall',
        'lenient.f1',
        'finding_decision_agreement',
      ];
      const value = (key: string) => key.split('.').reduce((o, k) => o[k], published);
      for (const key of seven) expect(figure(key).computed).toBeCloseTo(value(key), 12);
      const fidelity = doc.judge.release.find((p: { file: string }) => p.file.endsWith('utterances.csv'));
      expect(fidelity.definitions.map((d: { key: string }) => d.key)).toEqual(['severity_ge_2', 'any_finding']);
      expect(fidelity.definitions[0].figures).toMatchObject(TAU_VALIDATION.fidelity.severity2);
    },
  );

  it('refuses an unknown rater and a bad level with usage errors', { timeout: 30_000 }, () => {
    expect(
      earshot('agreement', '--study', 'tau elicit', '--field', 'error_source', '--raters', 'A,Zed', '--db', db).stderr,
    ).toMatch(/no annotator "Zed"/);
    expect(earshot('agreement', '--ratings', 'ratings.csv', '--level', 'fuzzy').code).toBe(2);
    expect(earshot('agreement', '--study', 'tau elicit', '--order', 'a,b', '--db', db).stderr).toMatch(
      /--order applies to --ratings/,
    );
  });

  it('report writes the Markdown document and its CSV; labels csv writes validation.csv rows', () => {
    const res = earshot(
      'report',
      '--study',
      'tau elicit',
      '--field',
      'error_source,severity',
      '--db',
      db,
      '--out',
      'r.md',
      '--seed',
      '7',
    );
    expect(res.stderr).toBe('');
    const md = readFileSync(join(home, 'r.md'), 'utf8');
    expect(md).toContain('## error\\_source');
    expect(md).toContain('## severity');
    expect(readFileSync(join(home, 'r.csv'), 'utf8').split('\n')[0]).toBe(
      'field,section,group,rater,reference,statistic,estimate,low,high,n',
    );
    const csv = earshot('labels', 'csv', '--study', 'tau elicit', '--db', db, '--out', 'v.csv');
    expect(csv.stderr).toBe('');
    expect(readFileSync(join(home, 'v.csv'), 'utf8').split('\n')).toHaveLength(102);
    const three = earshot('labels', 'csv', '--study', 'tau elicit', '--db', db, '--raters', 'A,B,A');
    expect([three.code, three.stderr.trim()]).toEqual([2, expect.stringMatching(/takes exactly two annotators/)]);
  }, 30_000);
});
