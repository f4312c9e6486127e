/**
 * What the fake server "thinks": a deterministic responder. It grades like a judge when sent one of Earshot's judge
 * prompts (recognised by their answer-format lines), and otherwise answers from the document in its context.
 */

/** A chat message as the fake receives it (text content only). */
export interface BrainMessage {
  role: string;
  content: string;
}

/** Produces the assistant's reply to a conversation. */
export type Brain = (messages: readonly BrainMessage[]) => string;

/** Scripted answers for questions without a document: the first pattern matching the last user message wins. */
export interface BrainOptions {
  answers?: { match: RegExp; reply: string }[];
  /** Reply when nothing in the context answers the question. */
  fallback?: string;
}

const STOP = new Set(['what', 'which', 'when', 'where', 'does', 'that', 'this', 'with', 'from', 'have', 'there', 'their', 'about', 'according', 'document', 'many', 'much', 'they', 'will', 'would', 'could', 'should', 'the', 'and', 'for', 'are', 'can', 'how', 'you', 'your', 'long', 'may', 'not', 'who', 'why', 'its', 'has', 'was', 'per', 'did', 'way', 'any']);

function line(text: string, label: string): string | null {
  const all = [...text.matchAll(new RegExp(`^${label}:[ \\t]*(.*)$`, 'gmi'))];
  return all.length ? all[all.length - 1][1].trim() : null;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const refusal = (s: string) => /\b(don't know|do not know|not sure|cannot|can't|does not say|doesn't say|no information)\b/i.test(s);

function words(s: string): string[] {
  return norm(s)
    .split(' ')
    .filter((w) => w.length >= 3 && !STOP.has(w))
    .map((w) => (w.length > 3 ? w.replace(/s$/, '') : w));
}

/** The sentence of `context` sharing the most distinctive words with `question` (words in over 40 % of sentences ignored). */
export function bestSentence(context: string, question: string): string | null {
  const sentences = context.split(/(?<=[.!?])\s+|\n+/).map((x) => x.trim()).filter((x) => x && !/:$/.test(x) && !x.startsWith('#'));
  const df = new Map<string, number>();
  for (const s of sentences) for (const w of new Set(words(s))) df.set(w, (df.get(w) ?? 0) + 1);
  const q = new Set(words(question).filter((w) => (df.get(w) ?? 0) <= Math.max(1, sentences.length * 0.4)));
  let best: string | null = null;
  let bestScore = 0;
  for (const sentence of sentences) {
    const score = new Set(words(sentence).filter((w) => q.has(w))).size;
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  return best;
}

function judge(all: string): string | null {
  const truth = line(all, 'Ground truth');
  const predicted = line(all, 'Predicted answer');
  if (/Reply with A\/B\/C/i.test(all) && truth !== null && predicted !== null) {
    if (norm(predicted).includes(norm(truth)) && norm(truth)) return 'A';
    return refusal(predicted) ? 'C' : 'B';
  }
  const agent = line(all, 'Agent answer') ?? '';
  if (/"categories"/.test(all)) {
    const category = refusal(agent) ? 'NOT_ATTEMPTED' : agent.trim() === '' ? 'NO_FINAL_ANSWER' : 'COMPUTATION_ERROR';
    return JSON.stringify({ categories: [category], rationale: `fake classifier: ${category}` });
  }
  if (/"hallucination"/.test(all)) {
    const reference = line(all, 'Reference answer') ?? '';
    const answerable = !/^no/i.test(line(all, 'Answerable') ?? 'yes');
    const refused = refusal(agent);
    const correct = answerable && !refused && norm(reference) !== '' && overlap(reference, agent) >= 0.5;
    const hallucination = refused || correct ? 'none' : answerable ? 'intrinsic' : 'extrinsic';
    return JSON.stringify({ verdict: refused ? 'refused' : correct ? 'correct' : 'incorrect', hallucination, confident: !/\b(maybe|perhaps|might|think)\b/i.test(agent), rationale: 'fake grounding judge' });
  }
  if (/"verdict"/.test(all)) {
    const reference = line(all, 'Reference') ?? '';
    const pass = reference !== '' && overlap(reference, agent) >= 0.5;
    return JSON.stringify({ verdict: pass ? 'pass' : 'fail', rationale: 'fake generic judge' });
  }
  return null;
}

function overlap(reference: string, answer: string): number {
  const ref = new Set(norm(reference).split(' ').filter(Boolean));
  if (ref.size === 0) return 0;
  const got = new Set(norm(answer).split(' '));
  return [...ref].filter((w) => got.has(w)).length / ref.size;
}

/** A brain with scripted answers; judge prompts are always graded. */
export function makeBrain(options: BrainOptions = {}): Brain {
  return (messages) => {
    const all = messages.map((m) => m.content).join('\n');
    const judged = judge(all);
    if (judged !== null) return judged;
    const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const scripted = options.answers?.find((a) => a.match.test(question));
    if (scripted) return scripted.reply;
    const context = messages
      .filter((m) => m.role === 'system' || (m.role === 'user' && (m.content.startsWith('Document') || m.content.length > 300)))
      .map((m) => m.content)
      .join('\n');
    const found = bestSentence(context, question);
    return found ?? options.fallback ?? "I don't know; the document does not say.";
  };
}
