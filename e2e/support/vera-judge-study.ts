/**
 * A small VERA study as a generic JSONL file, for the judge and agreement specs: factual questions with reference
 * answers, each call's question and spoken answer as turns, two graders' imported grades, and two annotators' grades
 * on the first calls. Everything a spec expects is counted from `veraJudgeStudy()` itself, not read off the product.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One call of the study. */
export interface VeraCall {
  id: string;
  question: string;
  reference: string;
  answer: string;
  /** Whether the answer names the reference (what the local server's grader rewards). */
  correct: boolean;
  /** The lenient grader's grade (it passes some wrong answers) and the strict grader's. */
  lenient: 'CORRECT' | 'INCORRECT';
  strict: 'CORRECT' | 'INCORRECT';
  /** The two annotators' grades, on the labelled calls only. */
  humans: { annotator: string; grade: 'CORRECT' | 'INCORRECT' }[];
}

/** The study's name, its annotators and graders. */
export const VERA_STUDY = {
  name: 'VERA judge check',
  annotators: ['Ana Lima', 'Ben Okafor'],
  lenient: 'lenient-grader',
  strict: 'strict-grader',
} as const;

const FACTS: [question: string, reference: string, wrong: string][] = [
  ['What is the capital of Australia?', 'Canberra', 'Sydney'],
  ['Which planet is known as the red planet?', 'Mars', 'Jupiter'],
  ['Who wrote the novel Middlemarch?', 'George Eliot', 'Charlotte Bronte'],
  ['What is the chemical symbol for gold?', 'Au', 'Ag'],
  ['In which year did the Berlin Wall fall?', '1989', '1991'],
  ['What is the largest ocean on Earth?', 'Pacific', 'Atlantic'],
  ['Which composer wrote The Magic Flute?', 'Mozart', 'Haydn'],
  ['What is the tallest mountain in Africa?', 'Kilimanjaro', 'Mount Kenya'],
  ['Which element has atomic number 6?', 'Carbon', 'Nitrogen'],
  ['What is the currency of Japan?', 'Yen', 'Won'],
  ['Who painted the Night Watch?', 'Rembrandt', 'Vermeer'],
  ['What is the longest river in South America?', 'Amazon', 'Parana'],
];

/**
 * The calls: every third answer is wrong; the lenient grader passes the wrong answers of calls 0 and 6, the strict
 * grader fails the right answer of call 4. Calls 0–7 are labelled by both annotators, who grade by the answer and
 * differ once (Ben passes the wrong answer of call 3).
 */
export function veraJudgeStudy(): VeraCall[] {
  return FACTS.map(([question, reference, wrong], i) => {
    const correct = i % 3 !== 0;
    const grade = (ok: boolean) => (ok ? 'CORRECT' : 'INCORRECT') as 'CORRECT' | 'INCORRECT';
    const humans =
      i < 8
        ? [
            { annotator: VERA_STUDY.annotators[0], grade: grade(correct) },
            { annotator: VERA_STUDY.annotators[1], grade: grade(correct || i === 3) },
          ]
        : [];
    return {
      id: `vera-fact-${i}`,
      question,
      reference,
      answer: correct ? `The answer is ${reference}.` : `I believe it is ${wrong}.`,
      correct,
      lenient: grade(correct || i === 0 || i === 6),
      strict: grade(correct && i !== 4),
      humans,
    };
  });
}

/**
 * Writes the study as `<dir>/vera-judge-study.jsonl` (earshot-episode-v1, docs/formats.md) with the grades of these
 * graders (both by default); returns its path.
 */
export function writeVeraJudgeStudy(
  dir: string,
  graders: readonly ('lenient' | 'strict')[] = ['lenient', 'strict'],
): string {
  const lines: unknown[] = [{ schema: 'earshot-study-v1', name: VERA_STUDY.name, benchmark: 'vera' }];
  for (const c of veraJudgeStudy()) {
    lines.push({
      schema: 'earshot-episode-v1',
      id: c.id,
      system: 'voice-agent',
      task: c.id,
      condition: { track: 'factual' },
      info: { expectedAnswer: c.reference },
      turns: [
        { speaker: 'user', text: c.question },
        { speaker: 'agent', text: c.answer },
      ],
      judgements: graders.map((g) => ({ judge_id: VERA_STUDY[g], label: c[g] })),
      annotations: c.humans.map((h) => ({ annotator: h.annotator, field: 'grade', value: h.grade })),
    });
  }
  const path = join(dir, 'vera-judge-study.jsonl');
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return path;
}
