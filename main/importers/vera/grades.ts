/** VERA grader outputs found beside an episodes file, by episode id, as judgements. */
import { readdirSync } from 'node:fs';
import type { BatchJudgement } from '../batch';
import { resolveInsideRoot } from '../safe-path';
import { readJsonFile, validate } from '../read-json';
import { veraGrade, veraGradesFile, type VeraGrade } from './schema';

/** A grade with the system it graded. */
export interface SystemGrade {
  system: string;
  grade: VeraGrade;
}

/** True for the file names `run_grader.py` writes: `llm_grades.json` and `<model>_<dataset>_grades_llm.json`. */
export function isGradesFile(name: string): boolean {
  return name === 'llm_grades.json' || name.endsWith('_grades_llm.json');
}

/** The graded system: the grade's `model`, else the file name without its grades suffix. */
function systemOf(grade: VeraGrade, name: string): string {
  return grade.model || name.replace(/(_grades_llm)?\.json$/, '');
}

/** Reads every grades file in `root` (the episodes file's folder); returns the grades by episode id and the files read. */
export function readGrades(root: string): { byEpisode: Map<string, SystemGrade[]>; files: string[] } {
  const files = readdirSync(root).filter(isGradesFile).sort();
  const byEpisode = new Map<string, SystemGrade[]>();
  for (const file of files) {
    const path = resolveInsideRoot(root, file, { file, record: 'file', field: '(file)' });
    const { grades } = validate(veraGradesFile, readJsonFile(path, file), file, 'file');
    grades.forEach((raw, i) => {
      const id = (raw as { episode_id?: unknown } | null)?.episode_id;
      const record = typeof id === 'string' ? `grade ${i + 1} (episode ${JSON.stringify(id.slice(0, 60))})` : `grade ${i + 1}`;
      const grade = validate(veraGrade, raw, file, record, `grades[${i}]`);
      const list = byEpisode.get(grade.episode_id) ?? [];
      list.push({ system: systemOf(grade, file), grade });
      byEpisode.set(grade.episode_id, list);
    });
  }
  return { byEpisode, files };
}

/** A grade as a judgement: the label, the grader's reasoning (or the answer it extracted), confidence scaled to [0, 1]. */
export function gradeJudgement({ grade }: SystemGrade): BatchJudgement {
  const extracted = grade.extracted_final_answer ? `Extracted final answer: ${grade.extracted_final_answer}` : '';
  return {
    judgeId: 'vera-llm-grader',
    label: grade.label,
    rationale: grade.reasoning || extracted,
    confidence: grade.confidence != null ? grade.confidence / 100 : null,
  };
}
