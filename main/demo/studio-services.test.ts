/**
 * The demo study the studio seeds on first use, checked against its own definition (resources/demo/scenarios.mjs,
 * from which make-demo.mjs writes demo.jsonl: one episode per scenario, one turn per scenario turn, one judgement and
 * one audio file each), and when it is not seeded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../test-support/fixtures';
import { getEpisode, listEpisodes } from '../db/episodes';
import { insertStudy, listStudies } from '../db/studies';
import type { Services } from '../services/services';
import { demoFile, ensureDemoStudy } from './ensure-demo';
import { openStudioServices } from './studio-services';

/** A scenario as resources/demo/scenarios.mjs writes it (the fields this test reads). */
interface Scenario {
  id: string;
  benchmark: string;
  system: string;
  outcome: string;
  mono?: boolean;
  turns: [speaker: string, ...rest: unknown[]][];
  judge: { label: string; findings?: unknown[] };
}

let scenarios: Scenario[];
let dir: string;
let opened: Services[];
const now = new Date('2026-01-02T03:04:05Z');

beforeAll(async () => {
  const source = pathToFileURL(join(repoRoot, 'resources', 'demo', 'scenarios.mjs')).href;
  scenarios = ((await import(source)) as { scenarios: Scenario[] }).scenarios;
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'earshot-demo-'));
  opened = [];
});
afterEach(() => {
  for (const s of opened) if (s.db.open) s.db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(options: Parameters<typeof openStudioServices>[1] = {}): Promise<Services> {
  const services = await openStudioServices(join(dir, 'studio.db'), { clock: () => now, ...options });
  opened.push(services);
  return services;
}

describe('the demo study on first use', () => {
  it('holds one episode per scenario, in order, with its system, outcome and benchmark', async () => {
    // make-demo.mjs describes the study as "Ten short synthetic calls": its definition has ten scenarios.
    expect(scenarios).toHaveLength(10);
    const s = await open();
    const studies = listStudies(s.db);
    expect(studies.map((st) => [st.name, st.episodeCount])).toEqual([['Demo study', scenarios.length]]);
    const episodes = listEpisodes(s.db, studies[0].id);
    expect(episodes.map((e) => [e.externalId, e.system, e.outcome, e.condition.benchmark])).toEqual(
      scenarios.map((sc) => [sc.id, sc.system, sc.outcome, sc.benchmark]),
    );
    expect(studies[0].createdAt).toBe(now.toISOString());
  });

  it('gives each episode its scenario turns, judge verdict and findings, and one audio file', async () => {
    const s = await open();
    const episodes = listEpisodes(s.db, listStudies(s.db)[0].id);
    for (const [i, sc] of scenarios.entries()) {
      const detail = getEpisode(s.db, episodes[i].id)!;
      expect(
        detail.turns.map((t) => t.speaker),
        sc.id,
      ).toEqual(sc.turns.map((t) => t[0]));
      expect(
        detail.judgements.map((j) => [j.judgeId, j.label]),
        sc.id,
      ).toEqual([['demo-judge', sc.judge.label]]);
      expect(detail.judgements[0].findings, sc.id).toHaveLength(sc.judge.findings?.length ?? 0);
      // make-demo.mjs writes a prompt-only mono file for VERA-like scenarios, a two-lane call otherwise.
      expect(
        detail.audio.map((a) => [a.role, a.channels]),
        sc.id,
      ).toEqual([sc.mono ? ['prompt', 1] : ['call', 2]]);
      expect(episodes[i].judgeLabel, sc.id).toBe(sc.judge.label);
    }
  });

  it('is imported once: reopening the database adds nothing', async () => {
    (await open()).db.close();
    const again = await open();
    expect(listStudies(again.db).map((st) => [st.name, st.episodeCount])).toEqual([['Demo study', scenarios.length]]);
  });
});

describe('when the demo study is not seeded', () => {
  it('is left out when asked (demo: false)', async () => {
    expect(listStudies((await open({ demo: false })).db)).toEqual([]);
  });

  it('is left out of a database that already has a study', async () => {
    const s = await open({ demo: false });
    insertStudy(s.db, { name: 'Mine', benchmark: 'generic', description: '', info: {} }, now);
    await ensureDemoStudy(s.db, s.paths.resourcesDir, now);
    expect(listStudies(s.db).map((st) => st.name)).toEqual(['Mine']);
  });

  it('is skipped without error where resources/ has no demo', async () => {
    const s = await open({ demo: false });
    const empty = join(dir, 'no-resources');
    expect(demoFile(empty)).toBe(join(empty, 'demo', 'demo.jsonl'));
    await ensureDemoStudy(s.db, empty, now);
    expect(listStudies(s.db)).toEqual([]);
  });
});
