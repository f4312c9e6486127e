/**
 * DSB-DG protocols over one document and its QA set (docs/episode-sets.md, "Generating DSB-DG sets"): the tier sweep
 * (every question at every tier), 17-turn decay scripts (early probes, distractors, late repeats) and the same
 * scripts under refresh schedules none / single / multiple.
 */
import type { QaItem } from './qa-file';
import type { Tier } from './excerpts';

/** Turns of a decay script, as in the paper. */
export const DECAY_TURNS = 17;

/** Distractor lines used when the QA set brings too few of its own. */
export const DEFAULT_DISTRACTORS: readonly string[] = [
  'By the way, the weather has been lovely this week.',
  'I had a really nice lunch earlier today.',
  'My sister is visiting next month, which I am looking forward to.',
  'Sorry, I got distracted by a message for a moment.',
  'I have been trying to read more books this year.',
  'The traffic on the way here was terrible.',
  'I think I need a new pair of running shoes.',
  'We are planning a small party for the weekend.',
  'My phone battery always seems to run out at the worst time.',
  'I watched a good documentary about the ocean last night.',
  'Our neighbours just got a very loud puppy.',
  'I keep forgetting to water my plants.',
  'Coffee in the morning really helps me think.',
];

/** A DSB-DG script turn as the set format writes it. */
export interface ScriptTurnLine {
  id: string;
  kind: 'probe' | 'distractor';
  text: string;
  answer?: string | null;
  answerable?: boolean;
  question_id?: string;
  repeats?: string;
}

/** One `dsbdg-script-v1` line. */
export interface ScriptLine {
  schema: 'dsbdg-script-v1';
  id: string;
  document: string;
  tier: Tier;
  domain: string;
  protocol: string;
  turns: ScriptTurnLine[];
  reinjection?: { after_turns: number[]; mode: 'document' };
  condition?: Record<string, string>;
}

/** What every protocol needs: the document's id (prefix of item ids and question ids) and domain. */
export interface ProtocolContext {
  docId: string;
  domain: string;
}

const probe = (q: QaItem, id: string, questionId: string, text = q.question): ScriptTurnLine => ({
  id,
  kind: 'probe',
  text,
  ...(q.answerable ? { answer: q.answer } : { answer: null, answerable: false }),
  question_id: questionId,
});

/**
 * The tier sweep: each question alone, once per tier, on that tier's excerpt. Its probes have question ids of their
 * own (`<doc>/<qa>/<tier>`), so the refresh comparison, which matches questions by id, reads only the 17-turn scripts.
 */
export function tierSweep(ctx: ProtocolContext, questions: readonly QaItem[], tiers: readonly Tier[]): ScriptLine[] {
  return tiers.flatMap((tier) =>
    questions.map((q) => ({
      schema: 'dsbdg-script-v1' as const,
      id: `${ctx.docId}-${tier}-${q.id}`,
      document: `${ctx.docId}-${tier}`,
      tier,
      domain: ctx.domain,
      protocol: 'tier-sweep',
      turns: [probe(q, 'q', `${ctx.docId}/${q.id}/${tier}`)],
    })),
  );
}

/** Refresh schedules: after which user turns the document is given again in a 17-turn script with `early` probes. */
export function refreshTurns(early: number): { none: number[]; single: number[]; multiple: number[] } {
  const lateStart = DECAY_TURNS - early + 1;
  const mid = Math.floor((early + lateStart - 1) / 2);
  const multiple = [...new Set([early + 1, mid, lateStart - 1])]
    .filter((t) => t > early && t < lateStart)
    .sort((a, b) => a - b);
  return { none: [], single: [lateStart - 1], multiple };
}

/**
 * Decay scripts (refresh none) and the same scripts with a single and multiple refreshes: the answerable questions in
 * groups of `early`; each script asks its group (turns 1…k), then distractors, then asks the group again in the same
 * order (the last k of 17 turns). The late probes of the decay script name their early twin (`repeats`, for the GDS);
 * in the refreshed scripts they carry only the question id, so the GDS reads decay scripts alone.
 */
export function decayScripts(
  ctx: ProtocolContext,
  questions: readonly QaItem[],
  tier: Tier,
  early: number,
  distractors: readonly string[],
): ScriptLine[] {
  const answerable = questions.filter((q) => q.answerable);
  const lines: ScriptLine[] = [];
  const pool = distractors.length ? distractors : DEFAULT_DISTRACTORS;
  let next = 0;
  for (let g = 0; g * early < answerable.length; g++) {
    const group = answerable.slice(g * early, (g + 1) * early);
    const fill = DECAY_TURNS - 2 * group.length;
    const talk = Array.from({ length: fill }, (_, i) => pool[(next + i) % pool.length]);
    next += fill;
    const schedules = refreshTurns(group.length);
    for (const schedule of ['none', 'single', 'multiple'] as const) {
      const turns: ScriptTurnLine[] = [
        ...group.map((q, i) => probe(q, `e${i + 1}`, `${ctx.docId}/${q.id}`)),
        ...talk.map((text, i) => ({ id: `d${i + 1}`, kind: 'distractor' as const, text })),
        ...group.map((q, i) => ({
          ...probe(q, `l${i + 1}`, `${ctx.docId}/${q.id}`, q.repeat ?? q.question),
          ...(schedule === 'none' ? { repeats: `e${i + 1}` } : {}),
        })),
      ];
      const after = schedules[schedule];
      lines.push({
        schema: 'dsbdg-script-v1',
        id: `${ctx.docId}-${schedule === 'none' ? 'decay' : `refresh-${schedule}`}-${g + 1}`,
        document: `${ctx.docId}-${tier}`,
        tier,
        domain: ctx.domain,
        protocol: schedule === 'none' ? `decay-${DECAY_TURNS}` : `refresh-${schedule}`,
        turns,
        ...(after.length ? { reinjection: { after_turns: after, mode: 'document' as const } } : {}),
        condition: { refresh: schedule },
      });
    }
  }
  return lines;
}
