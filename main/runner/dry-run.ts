/**
 * `earshot run --dry-run`: what a run would send, before anything is sent — the calls per endpoint, the audio minutes
 * and an estimated cost from the dated price table (prices.ts). It reads the set and configs only: no key, no
 * database, no request. A model missing from the table is named and the total is left out. See docs/runner.md.
 */
import { resolve } from 'node:path';
import { readWavHeader } from '../audio/wav-header';
import { loadJudgeConfig } from '../judge/config';
import { loadPrices, type ModelPrice, type PriceTable } from './prices';
import { readEpisodeSet } from './set/read-set';
import type { SetItem, SetTurn } from './set/types';
import { loadSystemConfig, type SystemConfig } from './systems/config';

/** Words per minute of speech whose length is estimated from its text. */
const SPEECH_WPM = 165;
/** An agent reply without a reference answer is taken to last this long, s. */
const DEFAULT_REPLY_SEC = 5;
/** Text tokens per character (OpenAI's rule of thumb: about 4 characters a token). */
const TOKENS_PER_CHAR = 0.25;
/** What a judge call adds to the episode's text (its template), and the tokens of its verdict. */
const JUDGE_TEMPLATE_CHARS = 1500;
const JUDGE_OUT_TOKENS = 60;

/** One line of the plan: an endpoint's calls and, when its model is priced, their cost. */
export interface PlanLine {
  what: string;
  model: string;
  calls: number;
  /** null when the model is not in the price table. */
  cost: number | null;
}

/** What a run would do. */
export interface DryRunPlan {
  set: string;
  system: string;
  episodes: number;
  lines: PlanLine[];
  calls: number;
  audioMinutes: { caller: number; agent: number; streamed: number };
  /** The estimate, or null when some model has no price (`unknownModels` names them). */
  cost: number | null;
  currency: string;
  unknownModels: string[];
  prices: { file: string; date: string; sources: string[] };
  assumptions: string[];
}

/** What the dry run needs: the options of `earshot run`. */
export interface DryRunOptions {
  set: string;
  system: string | Record<string, unknown>;
  judge?: string | Record<string, unknown> | null;
  repeats?: number;
  priceFile?: string;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const speechSec = (text: string) => (words(text) / SPEECH_WPM) * 60;

function callerSec(turn: SetTurn): number {
  return turn.audioPath ? readWavHeader(turn.audioPath).durationMs / 1000 : speechSec(turn.text);
}

const replySec = (turn: SetTurn) => (turn.reference ? speechSec(turn.reference) : DEFAULT_REPLY_SEC);
const replyChars = (turn: SetTurn) => Math.round((replySec(turn) / 60) * SPEECH_WPM * 6);

/** Adds a cost line, or notes the model as unknown. */
class Ledger {
  readonly lines: PlanLine[] = [];
  readonly unknown = new Set<string>();
  constructor(private readonly prices: PriceTable) {}

  add(what: string, model: string, calls: number, price: (p: ModelPrice) => number | null): void {
    const p = this.prices.models[model];
    const cost = p ? price(p) : null;
    if (cost === null) this.unknown.add(model);
    this.lines.push({ what, model, calls, cost });
  }
}

const tok = (chars: number) => chars * TOKENS_PER_CHAR;
const chat = (inTok: number, outTok: number) => (p: ModelPrice) =>
  p.kind === 'chat' || p.kind === 'realtime' ? (inTok * p.textIn + outTok * p.textOut) / 1e6 : null;
const minutes = (min: number) => (p: ModelPrice) =>
  p.kind === 'transcription'
    ? min * p.perMinute
    : p.kind === 'speech' && p.perMinute !== undefined
      ? min * p.perMinute
      : null;
const speech = (chars: number, min: number) => (p: ModelPrice) =>
  p.kind !== 'speech'
    ? null
    : p.perMillionChars !== undefined
      ? (chars * p.perMillionChars) / 1e6
      : min * (p.perMinute ?? 0);

/** The plan of a run: calls, minutes and cost over every item × repeat. */
export async function planRun(opts: DryRunOptions): Promise<DryRunPlan> {
  const set = await readEpisodeSet(resolve(opts.set));
  const config = loadSystemConfig(typeof opts.system === 'string' ? resolve(opts.system) : opts.system);
  const judge = opts.judge ? loadJudgeConfig(typeof opts.judge === 'string' ? resolve(opts.judge) : opts.judge) : null;
  const prices = loadPrices(opts.priceFile);
  const repeats = opts.repeats ?? 1;
  const ledger = new Ledger(prices);
  const spoken = (item: SetItem) => item.turns.filter((t) => t.kind !== 'reinjection');
  const all = set.items.flatMap((item) => spoken(item).map((turn) => ({ item, turn })));
  const sum = (f: (x: (typeof all)[number]) => number) => all.reduce((n, x) => n + f(x), 0) * repeats;
  const contextChars = (item: SetItem) =>
    config.instructions.length +
    (item.instructions?.length ?? 0) +
    item.documents.reduce((n, d) => n + d.text.length, 0);
  const callerMin = sum((x) => callerSec(x.turn)) / 60;
  const agentMin = config.kind === 'text' ? 0 : sum((x) => replySec(x.turn)) / 60;
  const turns = all.length * repeats;
  const episodes = set.items.length * repeats;
  addSystem(
    ledger,
    config,
    prices,
    set.items.map((item) => ({ item, turns: spoken(item) })),
    repeats,
    contextChars,
  );
  if (config.kind !== 'text' && config.transcribeAgent) {
    ledger.add('agent transcription', config.transcribeAgent.model, turns, minutes(agentMin));
  }
  if (set.synthesis.engine === 'openai') {
    const texts = [...new Set(all.filter((x) => !x.turn.audioPath).map((x) => x.turn.text))];
    const chars = texts.reduce((n, t) => n + t.length, 0);
    const min = texts.reduce((n, t) => n + speechSec(t), 0) / 60;
    ledger.add(
      'caller speech synthesis (cached across repeats)',
      set.synthesis.model,
      texts.length,
      speech(chars, min),
    );
  }
  if (judge) {
    const judged = all.filter((x) => x.turn.kind !== 'distractor');
    const calls = judged.length * judge.votes * repeats;
    const inChars =
      sum((x) => (x.turn.kind === 'distractor' ? 0 : contextChars(x.item) + JUDGE_TEMPLATE_CHARS)) * judge.votes;
    ledger.add(
      `judge (${judge.votes} votes a question)`,
      judge.model,
      calls,
      chat(tok(inChars), calls * JUDGE_OUT_TOKENS),
    );
  }
  const gaps = (turns * config.turnGapMs) / 60_000;
  const unknownModels = [...ledger.unknown];
  const cost = unknownModels.length ? null : ledger.lines.reduce((n, l) => n + (l.cost ?? 0), 0);
  return {
    set: set.source,
    system: config.id,
    episodes,
    lines: ledger.lines,
    calls: ledger.lines.reduce((n, l) => n + l.calls, 0),
    audioMinutes: {
      caller: callerMin,
      agent: agentMin,
      streamed: config.kind === 'realtime' ? callerMin + agentMin + gaps : callerMin,
    },
    cost,
    currency: prices.currency,
    unknownModels,
    prices: { file: opts.priceFile ?? 'resources/prices/openai.json', date: prices.date, sources: prices.sources },
    assumptions: [
      `speech without audio lasts its words at ${SPEECH_WPM} words a minute`,
      `a reply lasts its reference answer spoken, or ${DEFAULT_REPLY_SEC} s without one`,
      'text is about 4 characters a token',
      'VERA failure classification (only for failed answers) is not counted',
    ],
  };
}

type Spoken = { item: SetItem; turns: SetTurn[] }[];

/** The system's own calls: Realtime responses (the whole conversation is input again each time), cascade or text. */
function addSystem(
  ledger: Ledger,
  c: SystemConfig,
  prices: PriceTable,
  items: Spoken,
  repeats: number,
  ctx: (i: SetItem) => number,
) {
  const perMin = prices.audioTokensPerMinute;
  let audioIn = 0;
  let audioOut = 0;
  let textIn = 0;
  let textOut = 0;
  let callerMin = 0;
  let replyChars_ = 0;
  for (const { item, turns } of items) {
    let user = 0;
    let agent = 0;
    let history = 0;
    for (const turn of turns) {
      user += callerSec(turn) / 60;
      audioIn += user * perMin.user + agent * perMin.assistant;
      agent += replySec(turn) / 60;
      audioOut += (replySec(turn) / 60) * perMin.assistant;
      history += turn.text.length;
      textIn += tok(ctx(item) + history);
      textOut += tok(replyChars(turn));
      history += replyChars(turn);
      callerMin += callerSec(turn) / 60;
      replyChars_ += replyChars(turn);
    }
  }
  const n = items.reduce((k, x) => k + x.turns.length, 0) * repeats;
  [audioIn, audioOut, textIn, textOut, callerMin, replyChars_] = [
    audioIn,
    audioOut,
    textIn,
    textOut,
    callerMin,
    replyChars_,
  ].map((x) => x * repeats);
  if (c.kind === 'realtime') {
    const price = (p: ModelPrice) =>
      p.kind === 'realtime' ? (audioIn * p.audioIn + audioOut * p.audioOut + textIn * p.textIn) / 1e6 : null;
    ledger.add(`realtime responses (${items.length * repeats} sessions)`, c.model, n, price);
  } else if (c.kind === 'cascade') {
    ledger.add('cascade transcription', c.stt.model, n, minutes(callerMin));
    ledger.add('cascade chat', c.llm.model, n, chat(textIn, textOut));
    ledger.add('cascade speech', c.tts.model, n, speech(replyChars_, audioOut / perMin.assistant));
  } else ledger.add('chat', c.model, n, chat(textIn, textOut));
}

/** The plan as lines for the terminal. */
export function dryRunText(plan: DryRunPlan): string {
  const money = (x: number | null) => (x === null ? 'no price' : `${x.toFixed(4)} ${plan.currency}`);
  const m = plan.audioMinutes;
  return [
    `dry run: nothing was sent. ${plan.episodes} episode(s) of ${plan.set} against ${plan.system}`,
    ...plan.lines.map((l) => `  ${l.what}\t${l.model}\t${l.calls} call(s)\t${money(l.cost)}`),
    `calls: ${plan.calls}`,
    `audio minutes: caller ${m.caller.toFixed(2)}, agent ${m.agent.toFixed(2)} (estimated), ` +
      `streamed ${m.streamed.toFixed(2)}`,
    plan.cost === null
      ? `estimated cost: unknown — no price for ${plan.unknownModels.join(', ')} in ${plan.prices.file}`
      : `estimated cost: ${money(plan.cost)} (prices of ${plan.prices.date}, ${plan.prices.file})`,
    `assumptions: ${plan.assumptions.join('; ')}`,
  ].join('\n');
}
