import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { planStudy } from '../../test-support/plan-study';
import type { LabelPlan } from '../../shared/types/ppi';
import { main } from './main';

let t: TempServices;
beforeAll(async () => {
  t = await tempServices({ demo: false });
  await planStudy(t.services.db);
});
afterAll(() => t.cleanup());

/** Runs the CLI in this process, capturing stdout and stderr. */
async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  const code = await main(argv);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}

describe('earshot plan', () => {
  it('--json prints the plan of every system', async () => {
    const res = await run(
      'plan',
      '--study',
      'V',
      '--figure',
      'grade:correct',
      '--width',
      '0.2',
      '--db',
      t.dbPath,
      '--json',
    );
    expect(res.code).toBe(0);
    const plan = JSON.parse(res.stdout) as LabelPlan;
    expect(plan).toMatchObject({ mapping: 'grade:correct', outcome: 'positive', width: 0.2, confidence: 0.95 });
    expect(plan.rows.map((r) => [r.system, r.labelled, r.designs[0].labels, r.designs[1].labels])).toEqual([
      ['alpha', 20, 91, 96],
      ['beta', 5, null, null],
    ]);
  });

  it('prints one block per system as text, naming what cannot be reached', async () => {
    const res = await run('plan', '--study', 'V', '--figure', 'grade=INCORRECT', '--width', '0.2', '--db', t.dbPath);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(
      /^human grade ↔ VERA grader's grade — grade=INCORRECT: labels for a 95% interval 0.2 wide/,
    );
    expect(res.stdout).toMatch(
      /alpha: 100 calls, 20 labelled, width now 0\.\d{3}\n {2}simple random, PPI\+\+ +\d+ in all/,
    );
    expect(res.stdout).toMatch(/beta: 30 calls, 5 labelled, width now 0\.\d{3} \(too few labels to estimate/);
    expect(res.stdout).toContain('not reachable');
  });

  it('refuses a missing or bad width as usage (2) and an unknown figure as refused (3)', async () => {
    expect((await run('plan', '--study', 'V', '--figure', 'grade:correct', '--db', t.dbPath)).code).toBe(2);
    expect(
      (await run('plan', '--study', 'V', '--figure', 'grade:correct', '--width', '2', '--db', t.dbPath)).code,
    ).toBe(2);
    const unknown = await run('plan', '--study', 'V', '--figure', 'nope', '--width', '0.1', '--db', t.dbPath);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/^earshot plan: no judge mapping "nope"/);
  });
});
