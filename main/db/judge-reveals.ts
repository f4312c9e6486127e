/** Queries over judge_reveals (when each annotator first saw the judge on a call, and why) and what reveals it. */
import type { Db } from './open';

/** Why the judge was revealed to an annotator on a call. */
export type JudgeRevealReason = 'first_label' | 'commit' | 'shown';

/** One recorded reveal. */
export interface JudgeReveal {
  revealedAt: string;
  reason: JudgeRevealReason;
}

/** Records the reveal unless the judge was already revealed to this annotator on this call (the first one stays). */
export function recordJudgeReveal(
  db: Db,
  episodeId: number,
  annotatorId: number,
  reason: JudgeRevealReason,
  at: string,
): void {
  db.prepare('INSERT OR IGNORE INTO judge_reveals (episode_id, annotator_id, revealed_at, reason) VALUES (?, ?, ?, ?)')
    .run(episodeId, annotatorId, at, reason);
}

/** The recorded reveal of the judge to this annotator on this call, or null. */
export function judgeReveal(db: Db, episodeId: number, annotatorId: number): JudgeReveal | null {
  const r = db.prepare('SELECT revealed_at, reason FROM judge_reveals WHERE episode_id = ? AND annotator_id = ?')
    .get(episodeId, annotatorId) as { revealed_at: string; reason: JudgeRevealReason } | undefined;
  return r ? { revealedAt: r.revealed_at, reason: r.reason } : null;
}

/** What an annotator has done on a call, as far as revealing the judge goes. */
export interface CallProgress {
  labelled: boolean;
  committed: boolean;
}

/** Whether the annotator has saved a label on the call (any field, any phase) and whether they committed it. */
export function callProgress(db: Db, episodeId: number, annotatorId: number): CallProgress {
  const r = db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM annotations WHERE episode_id = @e AND annotator_id = @a) AS labelled,
              EXISTS (SELECT 1 FROM annotation_commits WHERE episode_id = @e AND annotator_id = @a) AS committed`,
    )
    .get({ e: episodeId, a: annotatorId }) as { labelled: number; committed: number };
  return { labelled: r.labelled === 1, committed: r.committed === 1 };
}
