/**
 * The judgements table outside an import's own inserts (main/db/episode-writer.ts): a judge's verdict stored or
 * replaced, each episode's judge output for judge validation and the metrics, and the judges of a study.
 */
import type { Db } from './open';
import type { JudgeFinding } from '../../shared/domain';
import { refreshJudgeLabel } from './episodes';
import { inWriteTransaction } from './transaction';

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
  return rows.map((r) => ({
    episodeId: r.episode_id,
    judgeId: r.judge_id,
    judgeVersion: r.judge_version,
    label: r.label,
  }));
}

/** A judge's verdict on one episode, as a judge produces it. */
export interface NewJudgement {
  judgeId: string;
  judgeVersion?: string;
  label: string;
  rationale?: string;
  categories?: string[];
  votes?: string[];
  confidence?: number | null;
  rewardBreakdown?: Record<string, number> | null;
  findings?: JudgeFinding[];
}

/**
 * Stores (or replaces) the judgement of one (episode, judge id, judge version) and refreshes the episode's shown judge
 * label, in one transaction.
 */
export function saveJudgement(db: Db, episodeId: number, j: NewJudgement, now: Date): void {
  inWriteTransaction(db, () => {
    const version = j.judgeVersion ?? '';
    db.prepare('DELETE FROM judgements WHERE episode_id = ? AND judge_id = ? AND judge_version = ?').run(
      episodeId,
      j.judgeId,
      version,
    );
    db.prepare(
      `INSERT INTO judgements (episode_id, judge_id, judge_version, label, rationale, categories, votes, confidence,
         reward_breakdown, findings, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      episodeId,
      j.judgeId,
      version,
      j.label,
      j.rationale ?? '',
      JSON.stringify(j.categories ?? []),
      JSON.stringify(j.votes ?? []),
      j.confidence ?? null,
      j.rewardBreakdown ? JSON.stringify(j.rewardBreakdown) : null,
      JSON.stringify(j.findings ?? []),
      now.toISOString(),
    );
    refreshJudgeLabel(db, episodeId);
  });
}

/** The latest judgement (highest id) of each judged episode of a study: its label and categories (JSON text). */
export function latestJudgementByEpisode(
  db: Db,
  studyId: number,
): Map<number, { label: string; categoriesJson: string }> {
  const rows = db
    .prepare(
      `SELECT j.episode_id, j.label, j.categories FROM judgements j JOIN episodes e ON e.id = j.episode_id
       WHERE e.study_id = ? ORDER BY j.id`,
    )
    .iterate(studyId) as Iterable<{ episode_id: number; label: string; categories: string }>;
  const out = new Map<number, { label: string; categoriesJson: string }>();
  for (const r of rows) out.set(r.episode_id, { label: r.label, categoriesJson: r.categories });
  return out;
}
