/** Writes judgements of existing episodes: one per (episode, judge id, judge version), replaced when judged again. */
import type { Db } from '../db/open';
import { refreshJudgeLabel } from '../db/episodes';
import type { BatchJudgement } from '../importers/batch';
import type { JudgeEpisode } from './episode-input';

/** Stores (or replaces) a judgement and refreshes the episode's shown judge label. */
export function saveJudgement(db: Db, episodeId: number, j: BatchJudgement, now: Date): void {
  db.transaction(() => {
    db.prepare('DELETE FROM judgements WHERE episode_id = ? AND judge_id = ? AND judge_version = ?').run(episodeId, j.judgeId, j.judgeVersion ?? '');
    db.prepare(
      `INSERT INTO judgements (episode_id, judge_id, judge_version, label, rationale, categories, votes, confidence, reward_breakdown, findings, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      episodeId, j.judgeId, j.judgeVersion ?? '', j.label, j.rationale ?? '', JSON.stringify(j.categories ?? []), JSON.stringify(j.votes ?? []),
      j.confidence ?? null, j.rewardBreakdown ? JSON.stringify(j.rewardBreakdown) : null, JSON.stringify(j.findings ?? []), now.toISOString(),
    );
    refreshJudgeLabel(db, episodeId);
  })();
}

/** The episodes of a study as a judge reads them, with their ids. */
export function studyEpisodes(db: Db, studyId: number): (JudgeEpisode & { id: number; externalId: string })[] {
  const rows = db.prepare('SELECT id, external_id, benchmark, condition, info FROM episodes WHERE study_id = ? ORDER BY id').all(studyId) as {
    id: number;
    external_id: string;
    benchmark: JudgeEpisode['benchmark'];
    condition: string;
    info: string;
  }[];
  const turns = db.prepare('SELECT speaker, text, start_ms, end_ms FROM turns WHERE episode_id = ? ORDER BY idx');
  return rows.map((r) => ({
    id: r.id,
    externalId: r.external_id,
    benchmark: r.benchmark,
    condition: JSON.parse(r.condition) as Record<string, string>,
    info: JSON.parse(r.info) as Record<string, unknown>,
    turns: (turns.all(r.id) as { speaker: JudgeEpisode['turns'][number]['speaker']; text: string; start_ms: number | null; end_ms: number | null }[]).map((t) => ({
      speaker: t.speaker,
      text: t.text,
      startMs: t.start_ms,
      endMs: t.end_ms,
    })),
  }));
}
