/** Test helper: a VERA study with a pilot of human grades, for the label budget planner's tests. */
import type { Db } from '../main/db/open';
import { setLabel } from '../main/annotation/labels';
import { makeAnnotators, makeStudy, type TestEpisode } from './annotation-study';

const now = new Date('2026-01-02T03:04:05Z');

/** Writes the VERA study of the label-plan tests (study "V"); returns its id. */
export async function planStudy(db: Db): Promise<number> {
  // alpha: 100 calls, the grader says CORRECT to a0–a59. Ana graded a0–a9 (all CORRECT but a9) and a60–a69 (all
  // INCORRECT but a68, a69). beta: 30 calls, 5 graded (too few to estimate anything from).
  const episodes: TestEpisode[] = [
    ...Array.from({ length: 100 }, (_, i) => ({
      id: `a${i}`,
      system: 'alpha',
      judge: i < 60 ? 'CORRECT' : 'INCORRECT',
    })),
    ...Array.from({ length: 30 }, (_, i) => ({ id: `b${i}`, system: 'beta', judge: i % 2 ? 'CORRECT' : 'INCORRECT' })),
  ];
  const made = await makeStudy(db, 'V', 'vera', episodes);
  const [ana] = makeAnnotators(db, ['Ana']);
  const grade = (id: string, value: string) =>
    setLabel(db, { episodeId: made.ids[id], annotatorId: ana, field: 'grade', value }, now);
  for (let i = 0; i < 10; i++) grade(`a${i}`, i === 9 ? 'INCORRECT' : 'CORRECT');
  for (let i = 60; i < 70; i++) grade(`a${i}`, i >= 68 ? 'CORRECT' : 'INCORRECT');
  for (let i = 0; i < 5; i++) grade(`b${i}`, 'CORRECT');
  return made.studyId;
}
