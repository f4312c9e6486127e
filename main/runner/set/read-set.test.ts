import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, repoRoot } from '../../../test-support/fixtures';
import { ImportError } from '../../importers/batch';
import { readEpisodeSet } from './read-set';

const sets = join(repoRoot, 'resources', 'episode-sets');

function setFile(lines: unknown[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'earshot-set-'));
  const file = join(dir, 'set.jsonl');
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
  return file;
}

const header = { schema: 'earshot-set-v1', kind: 'dsb-dg', name: 'T', documents: [{ id: 'd', text: 'The office opens at nine.' }] };

describe('DSB-DG sets', () => {
  it('reads the example: tiers, single questions, a script with a distractor and a re-injection after turn 3', async () => {
    const set = await readEpisodeSet(join(sets, 'dsb-dg-mini.jsonl'));
    expect(set).toMatchObject({ format: 'dsb-dg', benchmark: 'dsb-dg', name: 'DSB-DG mini (library policy)', warnings: [] });
    expect(set.synthesis).toEqual({ engine: 'espeak-ng', voice: 'en-us', wordsPerMinute: 165 });
    expect(set.items.map((i) => [i.id, i.condition.tier, i.condition.protocol])).toEqual([
      ['library-t1-renewals', 'T1', 'single'],
      ['library-t1-parking', 'T1', 'single'],
      ['library-t1-decay-6', 'T1', 'decay-6'],
    ]);
    const [renewals, parking, script] = set.items;
    expect(renewals.turns).toEqual([expect.objectContaining({ kind: 'probe', answerable: true, reference: 'Twice, online or at the desk, unless it is reserved.' })]);
    expect(parking.turns[0]).toMatchObject({ answerable: false, reference: null });
    expect(script.turns.map((t) => t.kind)).toEqual(['probe', 'distractor', 'probe', 'reinjection', 'probe', 'probe', 'probe']);
    expect(script.turns[3].text).toContain('Riverside Library lending policy');
    expect(script.info.probes).toEqual([
      { id: 'p1', turn: 1, answerable: true, reference: 'One week, and DVDs cannot be renewed.', reinjection: 'before', question: 'library-policy/p1', repeats: null },
      { id: 'p2', turn: 3, answerable: true, reference: 'From ten to four.', reinjection: 'before', question: 'library-policy/p2', repeats: null },
      { id: 'p3', turn: 4, answerable: false, reference: null, reinjection: 'after', question: 'library-policy/p3', repeats: null },
      { id: 'p4', turn: 5, answerable: true, reference: 'Twenty cents per item per day, capped at five dollars per item.', reinjection: 'after', question: 'library-policy/p4', repeats: null },
      { id: 'p5', turn: 6, answerable: true, reference: 'Seven days once the item arrives.', reinjection: 'after', question: 'library-policy/p5', repeats: null },
    ]);
    // One re-injection (after turn 3): the single-refresh schedule.
    expect([script.info.refresh, renewals.info.refresh]).toEqual(['single', 'none']);
    expect(script.instructions).toMatch(/^Answer only from the document/);
    expect(set.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names the line and field of a fault', async () => {
    const bad = (item: Record<string, unknown>) => readEpisodeSet(setFile([header, { schema: 'dsbdg-script-v1', id: 'x', document: 'd', tier: 'T1', question: 'When?', answer: 'Nine', ...item }]));
    await expect(bad({ tier: 'T9' })).rejects.toThrow(/set\.jsonl: line 2: tier: Invalid option/);
    await expect(bad({ document: 'nope' })).rejects.toThrow(/line 2: document: no document with id "nope"/);
    await expect(bad({ answer: undefined, answerable: true })).rejects.toThrow(/question\.answer: an answerable probe needs its reference answer/);
    await expect(bad({ turns: [{ text: 'Hi' }] })).rejects.toThrow(/turns: give either "turns" or "question"/);
    await expect(bad({ audio: '../../etc/passwd.wav' })).rejects.toThrow(ImportError);
    await expect(readEpisodeSet(setFile([header, { schema: 'earshot-set-item-v1', id: 'g', question: 'Q?' }]))).rejects.toThrow(/a dsb-dg set cannot hold generic items/);
  });

  it('refuses bytes that are not UTF-8 in the set or in a document file, naming the file, line and field', async () => {
    const file = setFile([header]);
    const item = JSON.stringify({ schema: 'dsbdg-script-v1', id: 'x', document: 'd', tier: 'T1', question: 'Wh?' });
    const [before, after] = item.split('Wh?');
    writeFileSync(file, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n${before}Wh`), Buffer.from([0xff]), Buffer.from(`?${after}`)]));
    await expect(readEpisodeSet(file)).rejects.toThrow(/^set\.jsonl: line 2: question: invalid UTF-8 at byte 193/);
    const withDoc = setFile([{ ...header, documents: [{ id: 'd', file: 'policy.txt' }] }, { schema: 'dsbdg-script-v1', id: 'x', document: 'd', tier: 'T1', question: 'When?', answer: null }]);
    writeFileSync(join(withDoc, '..', 'policy.txt'), Buffer.from([0x4f, 0x70, 0x65, 0x6e, 0xc3, 0x28]));
    await expect(readEpisodeSet(withDoc)).rejects.toThrow(/^policy\.txt: line 1: \(text\): invalid UTF-8 at byte 4/);
  });

  it('warns when a document is long for its tier', async () => {
    const long = { ...header, documents: [{ id: 'd', text: 'word '.repeat(2000) }] };
    const set = await readEpisodeSet(setFile([long, { schema: 'dsbdg-script-v1', id: 'x', document: 'd', tier: 'T1', question: 'When?', answer: null }]));
    expect(set.warnings).toEqual(['x: document is about 2500 tokens, long for tier T1']);
  });
});

describe('generic and VERA sets', () => {
  it('reads the generic example', async () => {
    const set = await readEpisodeSet(join(sets, 'generic-mini.jsonl'));
    expect(set.items.map((i) => [i.id, i.task, i.reference, i.turns.length])).toEqual([
      ['capital-france', 'geography', 'Paris', 1],
      ['boiling-point', 'science', '100 degrees Celsius', 1],
    ]);
  });

  it('reads the VERA example through the VERA importer, decrypting questions and answers', async () => {
    const set = await readEpisodeSet(join(sets, 'vera-mini', 'episodes.json'));
    expect(set.benchmark).toBe('vera');
    expect(set.items.map((i) => [i.id, i.condition.track, i.turns[0].text, i.reference, i.turns[0].audioPath])).toEqual([
      ['earshot_vera_example_factual_01', 'factual_recall', 'Which planet in our solar system has the most moons known today?', 'Saturn', null],
      ['earshot_vera_example_math_01', 'mathematical_reasoning', 'What is the sum of the first ten positive odd numbers?', '100', null],
    ]);
  });

  it('uses the prompt audio VERA provides', async () => {
    const set = await readEpisodeSet(fixture('vera', 'test_voice_episodes', 'test.json'));
    expect(set.items).toHaveLength(5);
    for (const item of set.items) expect(item.turns[0].audioPath).toMatch(new RegExp(`audio/${item.id}\\.wav$`));
    expect(set.items.find((i) => i.id === 'vera_mrcr_00c44580')!.documents[0].text.length).toBeGreaterThan(40000);
  });
});
