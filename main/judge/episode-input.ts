/** What a judge reads from an episode, whether it came from a run or an import (VERA, generic JSONL). */
import type { Benchmark, Speaker } from '../../shared/domain';

/** The parts of an episode a judge needs. */
export interface JudgeEpisode {
  benchmark: Benchmark;
  condition: Record<string, string>;
  info: Record<string, unknown>;
  turns: { speaker: Speaker; text: string; startMs: number | null; endMs: number | null }[];
}

/** One judged question of an episode, with the agent's answer to it. */
export interface JudgedQuestion {
  id: string;
  /** 1-based user turn number in the script. */
  turn: number;
  question: string;
  answer: string;
  answerStartMs: number | null;
  answerEndMs: number | null;
  reference: string | null;
  answerable: boolean;
  reinjection: 'before' | 'after' | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** The reference answer: a run's `reference`, VERA's `expectedAnswer`, or a generic `answer`. */
export function referenceOf(ep: JudgeEpisode): string | null {
  return str(ep.info.reference) ?? str(ep.info.expectedAnswer) ?? str(ep.info.answer) ?? str(ep.info.reference_answer);
}

/** The grounding document(s) as text. */
export function documentOf(ep: JudgeEpisode): string {
  const docs = ep.info.documents ?? ep.info.contextDocuments;
  if (Array.isArray(docs)) return docs.map((d) => str((d as { text?: unknown }).text) ?? str((d as { content?: unknown }).content) ?? '').filter(Boolean).join('\n\n');
  return str(ep.info.document) ?? '';
}

/** All the user's words and all the agent's words. */
export function sidesOf(ep: JudgeEpisode): { question: string; answer: string } {
  const join = (s: Speaker) => ep.turns.filter((t) => t.speaker === s).map((t) => t.text).filter(Boolean).join('\n');
  return { question: join('user'), answer: join('agent') };
}

interface RunProbe {
  id: string;
  turn: number;
  answerable: boolean | null;
  reference: string | null;
  reinjection: 'before' | 'after' | null;
}

/** The judged questions: a run's scripted probes, or the last question and answer of an imported episode. */
export function questionsOf(ep: JudgeEpisode): JudgedQuestion[] {
  const judged = ep.info.judgedTurns as { turnId: string; userTurnIndex: number; agentTurnIndex: number }[] | undefined;
  const probes = (ep.info.probes as RunProbe[] | undefined) ?? [];
  if (Array.isArray(judged) && judged.length) {
    return judged.map((j, i) => {
      const p = probes.find((x) => x.id === j.turnId);
      const agent = ep.turns[j.agentTurnIndex];
      const reference = p ? p.reference : i === judged.length - 1 ? referenceOf(ep) : null;
      return {
        id: j.turnId,
        turn: p?.turn ?? ep.turns.slice(0, j.userTurnIndex + 1).filter((t) => t.speaker === 'user').length,
        question: ep.turns[j.userTurnIndex]?.text ?? '',
        answer: agent?.speaker === 'agent' ? agent.text : '',
        answerStartMs: agent?.startMs ?? null,
        answerEndMs: agent?.endMs ?? null,
        reference,
        answerable: p?.answerable ?? reference !== null,
        reinjection: p?.reinjection ?? null,
      };
    });
  }
  const lastUser = ep.turns.map((t) => t.speaker).lastIndexOf('user');
  if (lastUser < 0) return [];
  const agent = ep.turns.slice(lastUser + 1).find((t) => t.speaker === 'agent');
  const reference = referenceOf(ep);
  const answerable = typeof ep.info.answerable === 'boolean' ? ep.info.answerable : ep.condition.answerable ? ep.condition.answerable !== 'false' : reference !== null;
  return [
    {
      id: 'q1',
      turn: ep.turns.filter((t) => t.speaker === 'user').length,
      question: ep.turns[lastUser].text,
      answer: agent?.text ?? '',
      answerStartMs: agent?.startMs ?? null,
      answerEndMs: agent?.endMs ?? null,
      reference,
      answerable,
      reinjection: null,
    },
  ];
}
