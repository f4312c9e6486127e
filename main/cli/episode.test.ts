import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { createAnnotator } from '../annotation/annotators';
import { commitEpisode, setLabel } from '../annotation/labels';
import { updateSettings } from '../annotation/settings';
import { decide } from '../annotation/adjudication';
import { listEpisodes } from '../db/episodes';
import { listStudies } from '../db/studies';
import type { EpisodeOut } from './episode';
import { runEarshot } from '../../test-support/earshot-cli';

const CALL = 'demo-retail-order-status';
const OPEN_CALL = 'demo-airline-change-flight';
const now = new Date('2026-01-02T03:04:05Z');
let t: TempServices;

/** `earshot episode …` as a user runs it, on the test's database file. */
function earshot(...args: string[]) {
  return runEarshot({ home: t.dir, db: t.dbPath }, ...args);
}

beforeAll(async () => {
  t = await tempServices();
  const db = t.services.db;
  const demo = listStudies(db)[0];
  const episodeId = listEpisodes(db, demo.id).find((e) => e.externalId === CALL)!.id;
  const ana = createAnnotator(db, { name: 'Ana Lima' }, now).id;
  const ben = createAnnotator(db, { name: 'Ben Okafor' }, now).id;
  const judy = createAnnotator(db, { name: 'Judy Park', role: 'adjudicator' }, now).id;
  setLabel(db, { episodeId, annotatorId: ana, field: 'source', value: 'agent' }, now);
  setLabel(db, { episodeId, annotatorId: ana, field: 'notes', value: '<b>read back 4471</b>' }, now);
  setLabel(db, { episodeId, annotatorId: ben, field: 'source', value: 'user' }, now);
  decide(db, { episodeId, field: 'source', value: 'agent', rationale: 'digits swapped', adjudicatorId: judy }, now);
  // Then the study turns blind and hides the judge until commit: Cara's open call keeps her label before the reveal.
  const open = listEpisodes(db, demo.id).find((e) => e.externalId === OPEN_CALL)!.id;
  const cara = createAnnotator(db, { name: 'Cara Diaz' }, now).id;
  updateSettings(db, { studyId: demo.id, blind: true, hideJudgeUntilCommit: true });
  setLabel(db, { episodeId: open, annotatorId: cara, field: 'source', value: 'user' }, now);
  setLabel(db, { episodeId: open, annotatorId: ben, field: 'source', value: 'agent' }, now);
  commitEpisode(db, open, ben, now);
  t.services.db.close();
});

afterAll(() => t.cleanup());

describe('earshot episode ID --study S', () => {
  it('prints the whole episode as one JSON document: turns with times, audio, judgements, labels, adjudications', () => {
    const res = earshot('episode', CALL, '--study', 'Demo study', '--json');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const doc = JSON.parse(res.stdout) as EpisodeOut;
    expect(doc.episode.externalId).toBe(CALL);
    expect(doc.turns.length).toBeGreaterThan(3);
    expect(doc.turns.every((turn) => turn.startMs !== null && turn.endMs! >= turn.startMs!)).toBe(true);
    expect(doc.audio).toHaveLength(1);
    expect(doc.judgements.map((j) => j.label)).toEqual(['fail']);
    const byName = Object.fromEntries(doc.labels.map((l) => [l.annotator, l.values]));
    expect(byName['Ana Lima']).toMatchObject({ source: 'agent', notes: '<b>read back 4471</b>' }); // text stays text
    expect(byName['Ben Okafor']).toMatchObject({ source: 'user' });
    expect(doc.adjudications).toEqual([
      {
        field: 'source',
        value: 'agent',
        rationale: 'digits swapped',
        adjudicator: 'Judy Park',
        decidedAt: now.toISOString(),
      },
    ]);
  });

  it('finds the episode by Earshot’s numeric id too, and prints a readable transcript without --json', () => {
    const json = JSON.parse(earshot('episode', CALL, '--study', 'Demo study', '--json').stdout) as EpisodeOut;
    const res = earshot('episode', String(json.episode.id), '--study', 'Demo study');
    expect(res.code).toBe(0);
    expect(res.stdout.split('\n')[0]).toContain(CALL);
    expect(res.stdout).toContain('adjudicated source = "agent" (Judy Park)');
  });

  it('shows the study lead every annotator’s labels in both phases, and the audio files it reads', () => {
    const doc = JSON.parse(earshot('episode', OPEN_CALL, '--study', 'Demo study', '--json').stdout) as EpisodeOut;
    expect(doc.viewer).toBeNull();
    expect(doc.labels).toEqual([
      { annotator: 'Ben Okafor', committed: true, values: { source: 'agent' }, preReveal: { source: 'agent' } },
      { annotator: 'Cara Diaz', committed: false, values: {}, preReveal: { source: 'user' } },
    ]);
    expect(doc.judgeHidden).toBe(false);
    expect(doc.judgements.length).toBeGreaterThan(0);
    expect(doc.audio.length).toBeGreaterThan(0);
    expect(doc.audio.every((a) => a.file !== null && existsSync(a.file))).toBe(true);
  });

  it('with --as, shows what the studio shows that annotator: no judge before the commit, no one else’s labels', () => {
    const res = earshot('episode', OPEN_CALL, '--study', 'Demo study', '--as', 'Cara Diaz', '--json');
    expect(res.code).toBe(0);
    const doc = JSON.parse(res.stdout) as EpisodeOut;
    expect(doc.viewer).toEqual({ name: 'Cara Diaz', role: 'annotator' });
    expect(doc.judgeHidden).toBe(true);
    expect(doc.judgements).toEqual([]);
    expect(doc.episode.judgeLabel).toBeNull();
    expect(doc.labels).toEqual([
      { annotator: 'Cara Diaz', committed: false, values: {}, preReveal: { source: 'user' } },
    ]);
    expect(doc.othersHidden).toBe(true);
    expect(doc.adjudications).toEqual([]);
    const text = earshot('episode', OPEN_CALL, '--study', 'Demo study', '--as', 'Cara Diaz').stdout;
    expect(text).toContain('judgements: hidden until the call is committed');
    expect(text).toContain('hidden by the study’s blind rules');
  });

  it('with --as an adjudicator, shows the others’ final labels and the decisions; an unknown name is a usage error', () => {
    const doc = JSON.parse(
      earshot('episode', CALL, '--study', 'Demo study', '--as', 'Judy Park', '--json').stdout,
    ) as EpisodeOut;
    expect(doc.othersHidden).toBe(false);
    const byName = Object.fromEntries(doc.labels.map((l) => [l.annotator, l.values]));
    expect(byName['Ben Okafor']).toEqual({ source: 'user' });
    expect(doc.adjudications.map((d) => d.value)).toEqual(['agent']);
    const res = earshot('episode', CALL, '--study', 'Demo study', '--as', 'Nobody');
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toBe('earshot episode: no annotator "Nobody"');
  });

  it('refuses an unknown episode with exit 3 and one line naming it, and a missing id as a usage error', () => {
    const res = earshot('episode', 'no-such-call', '--study', 'Demo study', '--json');
    expect(res.code).toBe(3);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim().split('\n')).toEqual([expect.stringContaining('episode "no-such-call"')]);
    expect(earshot('episode', '--study', 'Demo study').code).toBe(2);
  });
});
