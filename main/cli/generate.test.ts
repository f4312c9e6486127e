/** `earshot generate dsb-dg` in this process: the set it writes, the JSON summary, and refusals of bad input. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { removeTempDirs, tempDir } from '../../test-support/temp-files';
import { readEpisodeSet } from '../runner/set/read-set';
import { main } from './main';

const dir = tempDir('earshot-generate-');
afterAll(removeTempDirs);

async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  const code = await main(argv);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}

const DOC = 'Books are lent for three weeks. DVDs are lent for one week. The library closes on Sundays.';
const QA = [
  { id: 'books', question: 'How long can I keep a book?', answer: 'Three weeks.' },
  { id: 'dvds', question: 'How long can I keep a DVD?', answer: 'One week.' },
  { id: 'cafe', question: 'Is there a cafe?', answer: null },
  { distractor: 'My cat sat on the keyboard.' },
];

describe('earshot generate dsb-dg', () => {
  const doc = join(dir, 'policy.txt');
  const qa = join(dir, 'policy-qa.jsonl');
  writeFileSync(doc, DOC);
  writeFileSync(qa, QA.map((q) => JSON.stringify(q)).join('\n'));

  it('writes a set the runner reads, and prints its summary as JSON', async () => {
    const out = join(dir, 'set.jsonl');
    const res = await run(
      'generate',
      'dsb-dg',
      '--document',
      doc,
      '--qa',
      qa,
      '--out',
      out,
      '--repeats',
      '5',
      '--json',
    );
    expect(res.code).toBe(0);
    const summary = JSON.parse(res.stdout);
    // A short document: T1 is already the whole of it, so the sweep has one tier and the scripts use it.
    expect(summary).toMatchObject({ items: 6, sweep: 3, decay: 1, refresh: 2, scriptTier: 'T1', repeats: 5 });
    expect(summary.warnings).toEqual([expect.stringMatching(/T1 is the whole document/)]);
    const set = await readEpisodeSet(out);
    expect(set.repeats).toBe(5);
    const decay = set.items.find((i) => i.id === 'policy-decay-1')!;
    // 2 early probes + 13 distractors (the QA set's one line, then the built-in ones) + 2 late repeats = 17 turns.
    expect(decay.turns.map((x) => x.kind).join(',')).toBe(
      ['probe', 'probe', ...Array(13).fill('distractor'), 'probe', 'probe'].join(','),
    );
    expect(decay.turns[2].text).toBe('My cat sat on the keyboard.');
    const multiple = set.items.find((i) => i.id === 'policy-refresh-multiple-1')!;
    expect(multiple.info.reinjectAfter).toEqual([3, 8, 15]);
    expect(set.items.find((i) => i.id === 'policy-refresh-single-1')!.info.reinjectAfter).toEqual([15]);
    expect(readFileSync(out, 'utf8').split('\n')[0]).toContain('"repeats":5');
  });

  it('refuses a QA record without its answer, naming file, line and field, and writes nothing', async () => {
    const bad = join(dir, 'bad-qa.jsonl');
    writeFileSync(
      bad,
      [JSON.stringify(QA[0]), JSON.stringify({ id: 'x', question: 'Why?', answerable: true })].join('\n'),
    );
    const out = join(dir, 'never.jsonl');
    const res = await run('generate', 'dsb-dg', '--document', doc, '--qa', bad, '--out', out);
    expect(res.code).toBe(3);
    expect(res.stderr.trim()).toBe(
      'earshot generate: bad-qa.jsonl: line 2: answer: an answerable question needs an answer',
    );
    expect(() => readFileSync(out)).toThrow();
  });

  it('is a usage error without what to generate or a required option', async () => {
    expect((await run('generate', '--document', doc, '--qa', qa, '--out', 'x.jsonl')).code).toBe(2);
    const res = await run('generate', 'dsb-dg', '--document', doc, '--out', 'x.jsonl');
    expect([res.code, res.stderr.trim()]).toEqual([2, expect.stringContaining('--qa is required')]);
  });
});
