/**
 * The judging steps per benchmark: VERA's grader (CORRECT / INCORRECT / NOT_ATTEMPTED) then its failure classifier,
 * DSB-DG grounding per probe (verdict, hallucination type, abstention, confidence), and a generic pass/fail verdict.
 */
import { z } from 'zod';
import type { BatchJudgement } from '../importers/batch';
import { parseJsonReply, parseTriad, type JudgeModel } from './ask';
import { documentOf, questionsOf, referenceOf, sidesOf, type JudgeEpisode } from './episode-input';
import { listedCategories, loadTemplate, BUILTIN_PROMPTS } from './templates';
import { majority, majoritySet } from './vote';

/** A judgement with the outcome and reward it implies for the episode. */
export interface Verdict {
  judgement: Omit<BatchJudgement, 'judgeId' | 'judgeVersion'>;
  outcome: string;
  reward: number | null;
  /** Facts for the episode's info when judged during a run (e.g. a single DSB-DG probe's `confident`). */
  info?: Record<string, unknown>;
}

/** An episode the judge cannot grade (no reference, no answer); it is skipped with this reason. */
export class JudgeSkip extends Error {}

/** Template names each pipeline uses, relative to the prompts folder. */
export const PIPELINE_TEMPLATES = { vera: ['vera/grader', 'vera/failure-classifier'], 'dsb-dg': ['dsb-dg/grounding'], generic: ['generic/verdict'] } as const;

const TRACK_HEADERS: [RegExp, string][] = [
  [/math|aime/i, 'Mathematical question: grade strictly on the final number or value; allow only rounding consistent with the ground truth.'],
  [/web|browsecomp/i, 'Web research question: judge only whether the predicted answer names the same thing as the ground truth.'],
  [/science|gpqa/i, 'Graduate-level science question: an equivalent statement of the same fact is correct; a contradiction is not.'],
  [/long|mrcr/i, 'Long-context retrieval: CORRECT only if the predicted answer contains the ground-truth text as one contiguous span (ignoring case); paraphrases are INCORRECT.'],
  [/factual|simpleqa/i, 'Factual recall: the predicted answer must name the same entity or value; small misspellings are fine only when clearly the same name.'],
];

/** The one-line track header VERA's grader prepends, in our words. */
export function trackHeader(track: string): string {
  return TRACK_HEADERS.find(([re]) => re.test(track))?.[1] ?? '';
}

const classifierReply = z.object({ categories: z.array(z.string()).min(1), rationale: z.string().default('') });
const groundingReply = z.object({
  verdict: z.enum(['correct', 'incorrect', 'refused']),
  hallucination: z.enum(['none', 'intrinsic', 'extrinsic']),
  confident: z.boolean(),
  rationale: z.string().default(''),
});
const genericReply = z.object({ verdict: z.enum(['pass', 'fail']), rationale: z.string().default('') });

const tally = (votes: readonly string[]) => Object.entries(majority(votes).counts).map(([k, n]) => `${k}×${n}`).join(', ');

/** VERA: majority grade over the votes; for a failed answer, the failure categories most voters chose. */
export async function judgeVera(ep: JudgeEpisode, model: JudgeModel, signal: AbortSignal, dir = BUILTIN_PROMPTS): Promise<Verdict> {
  const reference = referenceOf(ep);
  if (!reference) throw new JudgeSkip('no reference answer (info.expectedAnswer / info.reference)');
  const { question, answer } = sidesOf(ep);
  const track = ep.condition.track ?? String(ep.info.track ?? '');
  const grader = loadTemplate('vera/grader', dir);
  const grades = (await model.votes(grader, { track_header: trackHeader(track), question, reference, answer: answer || '(no answer)' }, signal)).map(parseTriad);
  const labels = grades.map((g) => g.label);
  const vote = majority(labels, ['INCORRECT', 'NOT_ATTEMPTED', 'CORRECT']);
  const unparsed = grades.filter((g) => !g.parsed).length;
  let rationale = `Grader votes ${tally(labels)} → ${vote.winner}${unparsed ? ` (${unparsed} unreadable repl${unparsed > 1 ? 'ies' : 'y'} counted INCORRECT, as VERA does)` : ''}.`;
  let categories: string[] = [];
  if (vote.winner !== 'CORRECT' && model.config.classifyFailures) {
    const classifier = loadTemplate('vera/failure-classifier', dir);
    const known = listedCategories(classifier).map((c) => c.code);
    const replies = (await model.votes(classifier, { label: vote.winner, question, reference, answer: answer || '(no answer)' }, signal))
      .map((r) => parseJsonReply(r, classifierReply))
      .filter((r): r is z.output<typeof classifierReply> => r !== null)
      .map((r) => ({ ...r, categories: [...new Set(r.categories.map((c) => (known.includes(c.toUpperCase()) ? c.toUpperCase() : 'OTHER')))] }));
    if (replies.length) {
      categories = majoritySet(replies.map((r) => r.categories), known);
      const why = replies.find((r) => r.categories.includes(categories[0]))?.rationale;
      if (why) rationale += ` ${why}`;
    }
  }
  return {
    judgement: { label: vote.winner, rationale, categories, votes: labels, confidence: vote.share },
    outcome: vote.winner.toLowerCase(),
    reward: vote.winner === 'CORRECT' ? 1 : 0,
  };
}

/**
 * The label of one DSB-DG probe, in the vocabulary the DSB-DG metrics read (main/metrics/dsb-dg-probe.ts): answerable →
 * grounded, abstention (over-refusal), intrinsic_/extrinsic_hallucination, false_confidence (confidently wrong) or fail;
 * unanswerable → correct_abstention, or a hallucination (extrinsic unless the answer contradicts the document).
 */
export function probeLabel(answerable: boolean, verdict: 'correct' | 'incorrect' | 'refused', hallucination: string, confident: boolean): string {
  if (!answerable) return verdict === 'refused' ? 'correct_abstention' : hallucination === 'intrinsic' ? 'intrinsic_hallucination' : 'extrinsic_hallucination';
  if (verdict === 'refused') return 'abstention';
  if (verdict === 'correct') return 'grounded';
  if (hallucination !== 'none') return `${hallucination}_hallucination`;
  return confident ? 'false_confidence' : 'fail';
}

const GOOD = new Set(['grounded', 'correct_abstention']);
const REFUSED = new Set(['abstention', 'correct_abstention']);

/** DSB-DG: each probe judged for correctness, hallucination (intrinsic/extrinsic) and abstention; the episode summarises them. */
export async function judgeGrounding(ep: JudgeEpisode, model: JudgeModel, signal: AbortSignal, dir = BUILTIN_PROMPTS): Promise<Verdict> {
  const questions = questionsOf(ep);
  if (!questions.length) throw new JudgeSkip('no question turns to judge');
  const template = loadTemplate('dsb-dg/grounding', dir);
  const document = documentOf(ep) || '(no document)';
  const results = [];
  for (const q of questions) {
    const replies = (
      await model.votes(template, { document, turn: String(q.turn), question: q.question, answerable: q.answerable ? 'yes' : 'no', reference: q.reference ?? '(none: the document does not answer this question)', answer: q.answer || '(no answer)' }, signal)
    )
      .map((r) => parseJsonReply(r, groundingReply))
      .filter((r): r is z.output<typeof groundingReply> => r !== null);
    if (!replies.length) throw new Error(`judge replies for ${q.id} were not the JSON the template asks for`);
    const verdict = majority(replies.map((r) => r.verdict), ['incorrect', 'refused', 'correct']);
    const hallucination = majority(replies.map((r) => r.hallucination), ['intrinsic', 'extrinsic', 'none']).winner;
    const confident = majority(replies.map((r) => String(r.confident)), ['true', 'false']).winner === 'true';
    const label = probeLabel(q.answerable, verdict.winner as 'correct', hallucination, confident);
    results.push({ q, label, hallucination, confident, share: verdict.share, rationale: replies.find((r) => r.verdict === verdict.winner)?.rationale ?? '' });
  }
  const answerable = results.filter((r) => r.q.answerable);
  const unanswerable = results.filter((r) => !r.q.answerable);
  const answered = results.filter((r) => !REFUSED.has(r.label));
  const breakdown: Record<string, number> = {};
  if (answerable.length) breakdown.accuracy = answerable.filter((r) => r.label === 'grounded').length / answerable.length;
  if (answered.length) breakdown.hallucination_rate = answered.filter((r) => r.label.endsWith('_hallucination')).length / answered.length;
  if (unanswerable.length) breakdown.refusal_on_unanswerable = unanswerable.filter((r) => r.label === 'correct_abstention').length / unanswerable.length;
  const label = results.length === 1 ? results[0].label : results.every((r) => GOOD.has(r.label)) ? 'grounded_script' : 'ungrounded_script';
  const categories = [...new Set(results.filter((r) => !GOOD.has(r.label)).map((r) => r.label))];
  return {
    judgement: {
      label,
      rationale: results.length === 1 ? results[0].rationale : `${results.filter((r) => GOOD.has(r.label)).length} of ${results.length} probes grounded.`,
      categories,
      votes: results.map((r) => r.label),
      confidence: results.reduce((s, r) => s + r.share, 0) / results.length,
      rewardBreakdown: Object.keys(breakdown).length ? breakdown : null,
      findings: results.map((r) => ({
        text: `${r.q.id} (turn ${r.q.turn}): ${r.label}; hallucination ${r.hallucination}; ${r.confident ? 'confident' : 'hedged'}${r.rationale ? ` — ${r.rationale}` : ''}`,
        startMs: r.q.answerStartMs,
        endMs: r.q.answerEndMs,
        category: r.label,
      })),
    },
    outcome: label,
    reward: results.filter((r) => GOOD.has(r.label)).length / results.length,
    info: results.length === 1 ? { confident: results[0].confident } : { probeLabels: results.map((r) => ({ id: r.q.id, turn: r.q.turn, label: r.label, confident: r.confident })) },
  };
}

/** Generic: pass when the majority says the answer conveys the reference. */
export async function judgeGeneric(ep: JudgeEpisode, model: JudgeModel, signal: AbortSignal, dir = BUILTIN_PROMPTS): Promise<Verdict> {
  const reference = referenceOf(ep);
  if (!reference) throw new JudgeSkip('no reference answer (info.reference / info.answer)');
  const { question, answer } = sidesOf(ep);
  const template = loadTemplate('generic/verdict', dir);
  const replies = (await model.votes(template, { question, reference, answer: answer || '(no answer)' }, signal))
    .map((r) => parseJsonReply(r, genericReply))
    .filter((r): r is z.output<typeof genericReply> => r !== null);
  if (!replies.length) throw new Error('judge replies were not the JSON the template asks for');
  const vote = majority(replies.map((r) => r.verdict), ['fail', 'pass']);
  return {
    judgement: { label: vote.winner, rationale: replies.find((r) => r.verdict === vote.winner)?.rationale ?? '', votes: replies.map((r) => r.verdict), confidence: vote.share },
    outcome: vote.winner,
    reward: vote.winner === 'pass' ? 1 : 0,
  };
}
