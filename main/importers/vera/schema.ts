/** The VERA episode file (`{episodes: [...]}`) and grader outputs, checked at the file boundary (see linyueqian/VERA). */
import { z } from 'zod';

const text = z.string().nullish();

/** One voice episode: encrypted user turn(s) with prompt audio, context documents, encrypted expected answer, canary. */
export const veraEpisode = z.object({
  id: z.string().min(1),
  track: z.string().min(1),
  turns: z
    .array(
      z.object({
        role: z.string().default('user'),
        text_content: z.string(),
        audio_file: text,
        prefix_text: text,
        postfix_text: text,
        metadata: z.looseObject({ expected_answer: text }).nullish(),
      }),
    )
    .min(1),
  context_documents: z.array(z.looseObject({ content: z.string(), source: text })).default([]),
  interruptions: z.array(z.unknown()).default([]),
  metadata: z.looseObject({ expected_answer: text }).default({}),
  canary: z.string().min(1),
});

/** The grade labels of VERA's LLM grader (`evaluation/grader/base.py` GradeLabel). */
const GRADE_LABELS = ['CORRECT', 'INCORRECT', 'NOT_ATTEMPTED'] as const;

/** One grade as `run_grader.py` writes it; a label may be serialized as `GradeLabel.CORRECT` by str() of the enum. */
export const veraGrade = z.looseObject({
  episode_id: z.string().min(1),
  label: z
    .string()
    .transform((s) => s.replace(/^GradeLabel\./, ''))
    .pipe(z.enum(GRADE_LABELS)),
  predicted_answer: text,
  extracted_final_answer: text,
  reasoning: text,
  confidence: z.number().min(0).max(100).nullish(),
  model: text,
  dataset: text,
});

/** A grades file (`llm_grades.json`, `<model>_<dataset>_grades_llm.json`): a summary and per-episode grades. */
export const veraGradesFile = z.object({ grades: z.array(z.unknown()) });

/** A parsed episode. */
export type VeraEpisode = z.output<typeof veraEpisode>;
/** A parsed grade. */
export type VeraGrade = z.output<typeof veraGrade>;
