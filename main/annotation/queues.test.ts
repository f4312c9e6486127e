import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { makeAnnotators, makeStudy } from '../../test-support/annotation-study';
import { createQueue, listQueues, queueItems } from './queues';
import { commitEpisode } from './labels';
import { holdWriteLock } from '../../test-support/write-lock-holder';

const now = new Date('2026-01-02T03:04:05Z');
let t: TempServices;
beforeEach(async () => {
  t = await tempServices({ demo: false });
});
afterEach(() => t.cleanup());

describe('work queues', () => {
  it('samples N failed calls stratified by system, assigns them to both annotators, and counts progress', async () => {
    const db = t.services.db;
    const episodes = Array.from({ length: 40 }, (_, i) => ({ id: `e${i}`, system: ['a', 'b'][i % 2], outcome: i % 4 === 0 ? 'pass' : 'fail' }));
    const { studyId } = await makeStudy(db, 'S', 'tau-voice', episodes);
    const [ana, ben] = makeAnnotators(db, ['Ana', 'Ben']);
    const q = createQueue(db, { studyId, name: 'pilot', size: 10, seed: 1, onlyFailed: true, stratifyBy: 'system', assignment: 'all', annotatorIds: [ana, ben] }, now);
    // failed: a has 10 (i ≡ 2 mod 4), b has 20 → 10·10/30 = 3.33 and 6.67 → 3 and 7
    expect(q.spec).toMatchObject({ size: 10, strata: { a: 3, b: 7 } });
    expect(q.progress).toEqual([
      { annotatorId: ana, annotator: 'Ana', done: 0, total: 10 },
      { annotatorId: ben, annotator: 'Ben', done: 0, total: 10 },
    ]);
    const items = queueItems(db, q.id, ana);
    expect(items.map((i) => i.episodeId)).toEqual(queueItems(db, q.id, ben).map((i) => i.episodeId));
    const outcome = db.prepare('SELECT outcome FROM episodes WHERE id = ?');
    expect(items.every((i) => (outcome.get(i.episodeId) as { outcome: string }).outcome === 'fail')).toBe(true);
    commitEpisode(db, items[0].episodeId, ana, now);
    expect(listQueues(db, studyId)[0].progress[0]).toMatchObject({ done: 1, total: 10 });
    expect(queueItems(db, q.id, ana)[0].done).toBe(true);
    expect(() => createQueue(db, { studyId, name: 'pilot', size: 1, seed: 1, onlyFailed: true, stratifyBy: 'none', assignment: 'all', annotatorIds: [ana] }, now)).toThrow(/already has a queue/);
  });

  it('refuses a name another connection took while this queue waited for the write lock, as a conflict', async () => {
    const db = t.services.db;
    const { studyId } = await makeStudy(db, 'S', 'tau-voice', [{ id: 'e1' }, { id: 'e2' }]);
    const [ana] = makeAnnotators(db, ['Ana']);
    const { released } = await holdWriteLock(
      t.dbPath,
      200,
      `INSERT INTO work_queues (study_id, name, spec, created_at) VALUES (${studyId}, 'pilot', '{}', 'then')`,
    );
    const request = { studyId, name: 'pilot', size: 1, seed: 1, onlyFailed: false, stratifyBy: 'none' } as const;
    expect(() => createQueue(db, { ...request, assignment: 'all', annotatorIds: [ana] }, now)).toThrow(
      expect.objectContaining({ code: 'conflict' }),
    );
    await released;
    expect(listQueues(db, studyId).map((q) => q.spec)).toEqual([{}]);
  });

  it('splits a sample between annotators when asked', async () => {
    const db = t.services.db;
    const { studyId } = await makeStudy(db, 'S', 'tau-voice', Array.from({ length: 9 }, (_, i) => ({ id: `e${i}` })));
    const [ana, ben] = makeAnnotators(db, ['Ana', 'Ben']);
    const q = createQueue(db, { studyId, name: 'split', size: 9, seed: 5, onlyFailed: false, stratifyBy: 'none', assignment: 'split', annotatorIds: [ana, ben] }, now);
    expect(q.progress.map((p) => p.total)).toEqual([5, 4]);
  });
});
