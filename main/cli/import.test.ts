import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from '../../test-support/fixtures';
import { runEarshot } from '../../test-support/earshot-cli';
import { TAU2_VOICE, TAU_ELICITATION, VERA } from '../../test-support/fixture-counts';

const home = mkdtempSync(join(tmpdir(), 'earshot-import-cli-'));
const db = join(home, 'import.db');
afterAll(() => rmSync(home, { recursive: true, force: true }));

const earshot = (...args: string[]) => runEarshot({ home, db }, ...args);

describe('earshot import', () => {
  it('detects and imports each benchmark fixture, printing the counts as JSON', () => {
    const tau2 = earshot('import', fixture('tau2-voice', 'experiment'), '--study', 'τ-Voice fixture', '--json');
    expect(tau2.code, tau2.stderr).toBe(0);
    expect(JSON.parse(tau2.stdout)).toMatchObject({
      study: { name: 'τ-Voice fixture' },
      format: 'tau2',
      episodes: TAU2_VOICE.simulations.length,
      skipped: 0,
    });
    const vera = JSON.parse(earshot('import', fixture('vera', 'test_voice_episodes', 'test.json'), '--json').stdout);
    expect(vera).toMatchObject({ format: 'vera', episodes: VERA.audio.withEpisode, audio: VERA.audio.files });
    const elicit = JSON.parse(earshot('import', fixture('tau-elicitation'), '--json').stdout);
    expect(elicit).toMatchObject({ format: 'tau-elicitation', episodes: TAU_ELICITATION.episodes });
    expect(Object.keys(elicit).sort()).toEqual([
      'aligned',
      'annotations',
      'audio',
      'episodes',
      'format',
      'judgements',
      'skipped',
      'study',
      'turns',
      'unchanged',
      'warnings',
    ]);
    // The archive has no call audio, so nothing is aligned.
    expect(elicit.aligned).toEqual({ episodes: 0, turns: 0 });
  });

  it('changes nothing on a second import of the same files', () => {
    const again = JSON.parse(
      earshot('import', fixture('tau2-voice', 'experiment'), '--study', 'τ-Voice fixture', '--json').stdout,
    );
    expect(again).toMatchObject({ unchanged: true, episodes: 0 });
  });

  it('computes the run’s interaction metrics from the database', () => {
    const res = earshot('metrics', '--study', 'τ-Voice fixture', '--json');
    const doc = JSON.parse(res.stdout);
    expect(doc.interaction.overall.responseRate).toBeCloseTo(34 / 35, 12);
    expect(doc.interaction.overall.counts.agentInterruptions).toBe(8);
  });

  it('fails on a broken file with the file, record and field named, and leaves the database unchanged', () => {
    const before = earshot('studies', '--json').stdout;
    const bad = join(home, 'bad.jsonl');
    writeFileSync(
      bad,
      [
        JSON.stringify({ schema: 'earshot-episode-v1', id: 'ok' }),
        JSON.stringify({ schema: 'earshot-episode-v1', id: 'x', trial: 'first' }),
      ].join('\n'),
    );
    const res = earshot('import', bad, '--json');
    expect(res.code).toBe(3);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/bad\.jsonl: line 2: trial: /);
    expect(earshot('studies', '--json').stdout).toBe(before);
  });

  it('asks for --format when it cannot tell, and rejects an unknown one', () => {
    const odd = join(home, 'notes.txt');
    writeFileSync(odd, 'hello');
    expect(earshot('import', odd).stderr).toMatch(/cannot tell the format; pass --format/);
    expect(earshot('import', odd, '--format', 'mp3').stderr).toMatch(/--format must be one of/);
  });
});
