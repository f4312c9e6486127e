import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { makeAnnotators, makeStudy } from '../../test-support/annotation-study';
import { listEpisodes, listTurns } from '../db/episodes';
import { listStudies } from '../db/studies';
import { regionsOf } from '../../shared/types/regions';
import { ANNOTATION_FORMATS } from '../../shared/types/annotation-files';
import { exportAnnotationFile } from './annotation-file-export';
import { importAnnotationFile } from './annotation-file-import';
import { getEpisodeLabels, setLabel } from './labels';
import { updateSettings } from './settings';

const now = new Date('2026-01-02T03:04:05Z');
const HOSTILE = ['<script>alert(1)</script>', '=HYPERLINK("http://evil","x")', '@SUM(1+1)', 'a "quoted" & <b>bold</b>'];
let t: TempServices;
let demoEpisode: number;
let demoStudy: number;
let empty: number;
let ana: number;
let ben: number;

beforeEach(async () => {
  t = await tempServices();
  const db = t.services.db;
  demoStudy = listStudies(db).find((s) => s.name === 'Demo study')!.id;
  demoEpisode = listEpisodes(db, demoStudy).find((e) => e.externalId === 'demo-airline-change-flight')!.id;
  empty = (await makeStudy(db, 'Bare', 'generic', [{ id: 'no-turns' }])).ids['no-turns'];
  [ana, ben] = makeAnnotators(db, ['Ana Lima', 'Ben']);
  const regions = [
    '1000-2500 talk-over',
    '2000-2200 ',
    ...HOSTILE.map((h, i) => `${3000 + i * 100}-${3050 + i * 100} ${h}`),
  ];
  setLabel(db, { episodeId: demoEpisode, annotatorId: ana, field: 'regions', value: regions }, now);
  setLabel(db, { episodeId: demoEpisode, annotatorId: ana, field: 'notes', value: HOSTILE[0] }, now);
  setLabel(db, { episodeId: demoEpisode, annotatorId: ben, field: 'regions', value: ['500-700 echo'] }, now);
});
afterEach(() => t.cleanup());

const spokenTurns = (episodeId: number) =>
  listTurns(t.services.db, episodeId)
    .filter((x) => x.speaker !== 'tool')
    .map((x) => ({ speaker: x.speaker, startMs: x.startMs, endMs: x.endMs, text: x.text }));
const regionsNow = (episodeId: number, annotatorId: number) =>
  regionsOf(getEpisodeLabels(t.services.db, episodeId, annotatorId).values.regions);

describe('annotation files on episodes', () => {
  it.each(ANNOTATION_FORMATS)(
    '%s: an export imported onto a bare episode gives the same turns and regions',
    (format) => {
      const db = t.services.db;
      const file = exportAnnotationFile(db, { episodeId: demoEpisode, format, viewerId: null }, now);
      expect(file.fileName).toMatch(/^demo-airline-change-flight\.(eaf|TextGrid|txt)$/);
      const result = importAnnotationFile(
        db,
        { episodeId: empty, annotatorId: ana, fileName: file.fileName, text: file.content },
        now,
      );
      expect(result).toMatchObject({ format, annotator: 'Ana Lima', turns: { outcome: 'added', before: 0 } });
      expect(result.regions).toEqual({ tier: 'Ana Lima/regions', count: 6, before: 0 });
      expect(spokenTurns(empty)).toEqual(spokenTurns(demoEpisode));
      expect(spokenTurns(empty).length).toBeGreaterThan(4);
      expect(regionsNow(empty, ana)).toEqual(regionsNow(demoEpisode, ana));
      expect(regionsNow(empty, ana).map((r) => r.label)).toEqual(expect.arrayContaining(HOSTILE));
      expect(result.leftOut.some((l) => l.startsWith('tier "Ben/regions"'))).toBe(true);
    },
  );

  it('re-imported onto its own episode, an export keeps the turns and restores the regions', () => {
    const db = t.services.db;
    const file = exportAnnotationFile(db, { episodeId: demoEpisode, format: 'textgrid', viewerId: null }, now);
    const turnsBefore = listTurns(db, demoEpisode);
    setLabel(db, { episodeId: demoEpisode, annotatorId: ana, field: 'regions', value: [] }, now);
    const result = importAnnotationFile(
      db,
      { episodeId: demoEpisode, annotatorId: ana, fileName: 'x.TextGrid', text: file.content },
      now,
    );
    expect(result.turns).toEqual({ outcome: 'kept', inFile: 7, before: 9 });
    expect(result.leftOut.filter((l) => l.includes('kept'))).toEqual([]);
    expect(listTurns(db, demoEpisode)).toEqual(turnsBefore);
    expect(regionsNow(demoEpisode, ana)).toHaveLength(6);
  });

  it('replaces an episode’s turns only when asked, and says when it kept them', () => {
    const db = t.services.db;
    const text = '0.5\t1.5\tuser: hello there\n2\t3\tagent: hi\n4\t5\tplain region\n';
    const kept = importAnnotationFile(db, { episodeId: demoEpisode, annotatorId: ben, fileName: 'l.txt', text }, now);
    expect(kept.turns.outcome).toBe('kept');
    expect(kept.leftOut).toContain("the file's 2 turns: the episode has 9 turns, kept (ask to replace them)");
    expect(listTurns(db, demoEpisode)).toHaveLength(9);
    expect(regionsNow(demoEpisode, ben)).toEqual([{ startMs: 4000, endMs: 5000, label: 'plain region' }]);
    const replaced = importAnnotationFile(
      db,
      { episodeId: demoEpisode, annotatorId: ben, fileName: 'l.txt', text, replaceTurns: true },
      now,
    );
    expect(replaced.turns).toEqual({ outcome: 'replaced', inFile: 2, before: 9 });
    expect(spokenTurns(demoEpisode)).toEqual([
      { speaker: 'user', startMs: 500, endMs: 1500, text: 'hello there' },
      { speaker: 'agent', startMs: 2000, endMs: 3000, text: 'hi' },
    ]);
  });

  it('refuses a bad file whole: nothing changes, the message names file, tier or line, and field', () => {
    const db = t.services.db;
    const before = { turns: listTurns(db, empty), regions: regionsNow(empty, ana) };
    const bad = '0.5\t1.5\tuser: hello\n3\t2\treversed\n';
    expect(() =>
      importAnnotationFile(db, { episodeId: empty, annotatorId: ana, fileName: 'bad.txt', text: bad }, now),
    ).toThrow('bad.txt: line 2: end: ends before it starts');
    const xxe = '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><ANNOTATION_DOCUMENT/>';
    expect(() =>
      importAnnotationFile(db, { episodeId: empty, annotatorId: ana, fileName: 'x.eaf', text: xxe }, now),
    ).toThrow(/x\.eaf: line 1: \(xml\): a DOCTYPE or declaration is refused/);
    expect(() =>
      importAnnotationFile(db, { episodeId: empty, annotatorId: ana, fileName: 'notes.md', text: '# hi' }, now),
    ).toThrow(/notes\.md: not an ELAN \(\.eaf\), Praat \(\.TextGrid\) or Audacity label \(\.txt\) file/);
    expect({ turns: listTurns(db, empty), regions: regionsNow(empty, ana) }).toEqual(before);
  });

  it('exports for a viewer only the labels the blind rules let them read', () => {
    const db = t.services.db;
    updateSettings(db, { studyId: demoStudy, blind: true });
    const blind = exportAnnotationFile(db, { episodeId: demoEpisode, format: 'eaf', viewerId: ben }, now);
    expect(blind.content).toContain('TIER_ID="Ben/regions"');
    expect(blind.content).not.toContain('Ana Lima/');
    expect(blind.content).toContain('AUTHOR="Ben"');
    updateSettings(db, { studyId: demoStudy, blind: false });
    const open = exportAnnotationFile(db, { episodeId: demoEpisode, format: 'eaf', viewerId: ben }, now);
    expect(open.content).toContain('TIER_ID="Ana Lima/regions"');
    expect(open.content).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(open.content).not.toContain('<script>');
  });
});
