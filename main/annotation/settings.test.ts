import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { makeStudy } from '../../test-support/annotation-study';
import { holdWriteLock } from '../../test-support/write-lock-holder';
import { getSettings, updateSettings } from './settings';

let t: TempServices;
beforeEach(async () => {
  t = await tempServices({ demo: false });
});
afterEach(() => t.cleanup());

describe('changing a study’s settings beside another writer', () => {
  it('keeps a switch another connection set while this change waited for the write lock', async () => {
    const db = t.services.db;
    const { studyId } = await makeStudy(db, 'S', 'tau-voice', [{ id: 'e1' }]);
    updateSettings(db, { studyId, hideJudgeUntilCommit: false });
    // Another studio (or the CLI) hides the reference and holds the lock a moment before it commits.
    const { released } = await holdWriteLock(
      t.dbPath,
      200,
      `UPDATE annotation_settings SET hide_reference = 1 WHERE study_id = ${studyId}`,
    );
    const after = updateSettings(db, { studyId, hideJudgeUntilCommit: true });
    await released;
    expect(after).toMatchObject({ hideJudgeUntilCommit: true, hideReferenceUntilCommit: true });
    expect(getSettings(db, studyId)).toMatchObject({ hideJudgeUntilCommit: true, hideReferenceUntilCommit: true });
  });
});
