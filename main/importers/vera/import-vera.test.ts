/** A VERA import read episode by episode as it is written: what comes before a fault, the study info, the folder. */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixture } from '../../../test-support/fixtures';
import { VERA } from '../../../test-support/fixture-counts';
import { tempServices, type TempServices } from '../../../test-support/temp-services';
import { removeTempDirs, tempDir } from '../../../test-support/temp-files';
import { listEpisodes } from '../../db/episodes';
import { pendingImports, pendingImportStudy } from '../../db/imports';
import { listStudies, studyInfo } from '../../db/studies';
import { ImportError, type ImportItem } from '../batch';
import { importPath } from '../import-path';
import { MAX_FIELD_CHARS, VERA_EPISODE } from '../limits';
import { readVeraItems } from './read-vera';

afterAll(removeTempDirs);

let t: TempServices;
beforeEach(async () => {
  t = await tempServices({ demo: false });
});
afterEach(() => t.cleanup());

const now = new Date('2026-01-02T03:04:05Z');
const where = (err: ImportError) => [err.file, err.record, err.field];

/** A copy of the fixture folder whose test.json is `edit` applied to the fixture's episodes. */
function copyWith(edit: (episodes: Record<string, any>[]) => void): string {
  const root = tempDir();
  cpSync(fixture('vera', 'test_voice_episodes'), root, { recursive: true });
  const data = JSON.parse(readFileSync(join(root, 'test.json'), 'utf8')) as { episodes: Record<string, any>[] };
  edit(data.episodes);
  writeFileSync(join(root, 'test.json'), JSON.stringify(data));
  return root;
}

/** The last episode's question stored as plain text, which VERA never does. */
const plainLastQuestion = (episodes: Record<string, any>[]) => {
  episodes[4].turns[0].text_content = 'What is the capital of France?';
};

/** The items read until the reader throws, and what it threw. */
function readUntilFault(path: string): { items: ImportItem[]; fault: unknown } {
  const items: ImportItem[] = [];
  try {
    for (const item of readVeraItems(path)) items.push(item);
  } catch (fault) {
    return { items, fault };
  }
  return { items, fault: null };
}

describe('readVeraItems', () => {
  it('yields the header and each episode as it is read, before a later episode is refused', () => {
    const { items, fault } = readUntilFault(copyWith(plainLastQuestion));
    expect(items.map((i) => i.kind)).toEqual(['header', 'episode', 'episode', 'episode', 'episode']);
    const ids = items.flatMap((i) => (i.kind === 'episode' ? [i.episode.externalId] : []));
    expect(ids).toEqual(Object.keys(VERA.tracks).slice(0, 4));
    expect(fault).toBeInstanceOf(ImportError);
    const last = Object.keys(VERA.tracks)[4];
    expect(where(fault as ImportError)).toEqual([
      'test.json',
      `episode 5 (id ${JSON.stringify(last)})`,
      'episodes[4].turns[0].text_content',
    ]);
  });

  it('passes over JSON in the folder that is not an episodes file, and refuses such a file given alone', () => {
    const root = copyWith(() => {});
    writeFileSync(join(root, 'notes.json'), '[1, 2, 3]');
    writeFileSync(join(root, 'config.json'), '{"name": "run 1", "episodes": null}');
    writeFileSync(join(root, 'later.json'), '{"episodes": [], "episodes": {"a": 1}}');
    const episodes = [...readVeraItems(root)].filter((i) => i.kind === 'episode');
    expect(episodes).toHaveLength(Object.keys(VERA.tracks).length);
    const alone = readUntilFault(join(root, 'later.json')).fault as ImportError;
    expect([...where(alone), alone.problem]).toEqual(['later.json', 'file', 'episodes', 'expected a list of episodes']);
  });

  it('refuses an episode larger than a VERA episode may be, naming it, before parsing it', () => {
    const documents = Array.from({ length: 9 }, () => ({ content: 'x'.repeat(MAX_FIELD_CHARS - 16) }));
    const root = copyWith((episodes) => {
      episodes[2].context_documents = documents;
    });
    const fault = readUntilFault(root).fault as ImportError;
    const third = `episode 3 (id ${JSON.stringify(Object.keys(VERA.tracks)[2])})`;
    expect(where(fault)).toEqual(['test.json', third, '(size)']);
    expect(fault.problem).toBe(`takes more than the ${VERA_EPISODE.bytes / 1024 / 1024} MiB a VERA episode may have`);
  });
});

describe('importPath on VERA', () => {
  it('stores the tracks the reader met, in order, as the study info once the last episode is read', async () => {
    const summary = await importPath(t.services.db, fixture('vera', 'test_voice_episodes'), 'vera', { now });
    expect(summary.episodes).toBe(Object.keys(VERA.tracks).length);
    const info = studyInfo(t.services.db, summary.study.id);
    expect(info).toEqual({
      episodesFiles: ['test.json'],
      gradesFiles: [],
      tracks: [...new Set(Object.values(VERA.tracks))],
    });
  });

  it('leaves nothing when its last episode is refused after the first chunk was written', async () => {
    // 300 episodes (more than the 256 a chunk takes), copies of the fixture's first with their own ids; the last one's
    // question is not VERA-encrypted
    const root = copyWith((episodes) => {
      const [first] = episodes;
      episodes.length = 0;
      for (let i = 0; i < 300; i++) episodes.push({ ...structuredClone(first), id: `vera_copy_${i}` });
      episodes[299].turns[0].text_content = 'What is the capital of France?';
    });
    const written: number[] = [];
    let hidden: number | null = null;
    const db = t.services.db;
    const options = {
      now,
      onStaged: (importId: number) => (hidden = pendingImportStudy(db, importId)),
      onProgress: (done: number, _total: number, message: string) => message.startsWith('wrote') && written.push(done),
    };
    const fault = await importPath(db, root, 'vera', options).catch((err: unknown) => err);
    expect(fault).toBeInstanceOf(ImportError);
    expect((fault as ImportError).record).toBe('episode 300 (id "vera_copy_299")');
    expect(written[0]).toBeGreaterThanOrEqual(1); // the first chunk reached the database before the fault
    expect(hidden).not.toBeNull();
    expect([listEpisodes(db, hidden!), pendingImports(db), listStudies(db)]).toEqual([[], [], []]);
  });
});
