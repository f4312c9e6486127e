/** Reads of the judgements table for judge validation: each episode's judge output, and the judges of a study. */
import type { Db } from './open';
import type { JudgeFinding } from '../../shared/domain';

/** One judgement as judge validation compares it. */
export interface JudgeOutputRow {
  judgeId: string;
  judgeVersion: string;
  label: string;
  categories: string[];
  rationale: string;
  findings: JudgeFinding[];
}

interface Row {
  episode_id: number;
  judge_id: string;
  judge_version: string;
  label: string;
  categories: string;
  rationale: string;
  findings: string;
}

const toOutput = (r: Row): JudgeOutputRow => ({
  judgeId: r.judge_id,
  judgeVersion: r.judge_version,
  label: r.label,
  categories: JSON.parse(r.categories) as string[],
  rationale: r.rationale,
  findings: JSON.parse(r.findings) as JudgeFinding[],
});

/**
 * The newest judgement of each judged episode of a study, by episode id; only those of `judgeId` (and `judgeVersion`
 * when given) when set.
 */
export function newestJudgeOutputs(
  db: Db,
  studyId: number,
  judgeId: string | null,
  judgeVersion: string | null = null,
): Map<number, JudgeOutputRow> {
  const rows = db
    .prepare(
      `SELECT j.episode_id, j.judge_id, j.judge_version, j.label, j.categories, j.rationale, j.findings
       FROM judgements j JOIN episodes e ON e.id = j.episode_id
       WHERE e.study_id = ? AND (? IS NULL OR j.judge_id = ?) AND (? IS NULL OR j.judge_version = ?) ORDER BY j.id`,
    )
    .all(studyId, judgeId, judgeId, judgeVersion, judgeVersion) as Row[];
  return new Map(rows.map((r) => [r.episode_id, toOutput(r)]));
}

/** Every judge (id and version) with at least one judgement in the study, with its judgement count. */
export function studyJudges(db: Db, studyId: number): { judgeId: string; judgeVersion: string; judgements: number }[] {
  return (
    db
      .prepare(
        `SELECT j.judge_id, j.judge_version, COUNT(*) AS n FROM judgements j JOIN episodes e ON e.id = j.episode_id
         WHERE e.study_id = ? GROUP BY j.judge_id, j.judge_version ORDER BY MIN(j.id)`,
      )
      .all(studyId) as { judge_id: string; judge_version: string; n: number }[]
  ).map((r) => ({ judgeId: r.judge_id, judgeVersion: r.judge_version, judgements: r.n }));
}

/** Every judgement label of a study in the order they were made (episode, judge id, version, label). */
export function studyJudgementLabels(
  db: Db,
  studyId: number,
): { episodeId: number; judgeId: string; judgeVersion: string; label: string }[] {
  const rows = db
    .prepare(
      `SELECT j.episode_id, j.judge_id, j.judge_version, j.label FROM judgements j JOIN episodes e ON e.id = j.episode_id
       WHERE e.study_id = ? ORDER BY j.id`,
    )
    .all(studyId) as { episode_id: number; judge_id: string; judge_version: string; label: string }[];
  return rows.map((r) => ({ episodeId: r.episode_id, judgeId: r.judge_id, judgeVersion: r.judge_version, label: r.label }));
}
