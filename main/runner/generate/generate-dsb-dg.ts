/** `earshot generate dsb-dg`: a DSB-DG episode set (tier sweep, decay scripts, refresh schedules) from a document and its QA set. */
import { writeFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { DomainError } from '../../domain/errors';
import { TIERS } from '../set/schema';
import { TIER_BUDGETS, approxTokens, nestedExcerpts, sentencesHolding, sentencesOf, type Tier } from './excerpts';
import { decayScripts, tierSweep, type ScriptLine } from './protocols';
import { readDocument, readQaSet } from './qa-file';

/** What generation takes. */
export interface GenerateDsbDgOptions {
  document: string;
  qa: string;
  out: string;
  /** Runs per item the set asks for (the header's `repeats`; DSB-DG reports the median of three). */
  repeats?: number;
  /** The document's id in item ids (default: the file name without extension). */
  docId?: string;
  domain?: string;
  /** Early probes per decay script (default 4: 4 early + 9 distractors + 4 late = 17 turns). */
  early?: number;
  /** The tier the decay and refresh scripts use (default T3, else the largest tier the document fills). */
  scriptTier?: Tier;
  /** Speech synthesis of the set's header (default espeak-ng). */
  synthesis?: Record<string, unknown>;
}

/** What was written. */
export interface GeneratedSet {
  out: string;
  items: number;
  tiers: { tier: Tier; tokens: number; budget: number; whole: boolean }[];
  sweep: number;
  decay: number;
  refresh: number;
  scriptTier: Tier | null;
  repeats: number;
  warnings: string[];
}

const invalid = (message: string) => new DomainError('invalid_input', message);

/** Generates the set and writes it as JSONL (a header line, then one item a line). */
export function generateDsbDg(o: GenerateDsbDgOptions): GeneratedSet {
  const text = readDocument(o.document);
  const qa = readQaSet(o.qa);
  const docId = o.docId ?? basename(o.document, extname(o.document)).replace(/[^A-Za-z0-9._-]+/g, '-');
  const early = o.early ?? 4;
  if (!Number.isInteger(early) || early < 1 || early > 8)
    throw invalid('--early: between 1 and 8 early probes (17 turns)');
  const repeats = o.repeats ?? 3;
  if (!Number.isInteger(repeats) || repeats < 1 || repeats > 20)
    throw invalid('--repeats: a whole number from 1 to 20');
  const warnings: string[] = [];
  const sentences = sentencesOf(text);
  const evidence = qa.questions.flatMap((q) =>
    q.evidence ? [q.evidence] : q.answer && q.answerable ? [q.answer] : [],
  );
  const core = sentencesHolding(sentences, evidence);
  for (const q of qa.questions) {
    if (q.evidence && !sentencesHolding(sentences, [q.evidence]).length) {
      throw invalid(`${basename(o.qa)}: question "${q.id}": evidence: not found in ${basename(o.document)}`);
    }
  }
  const { excerpts, tooSmall } = nestedExcerpts(text, core, TIERS);
  if (tooSmall.length) warnings.push(`the evidence spans more than ${tooSmall.join(', ')} allow: left out`);
  const last = excerpts.at(-1);
  if (last?.whole && last.tier !== 'T5') {
    warnings.push(
      `the document is about ${approxTokens(text)} tokens: ${last.tier} is the whole document, no larger tiers`,
    );
  }
  if (!excerpts.length) throw invalid(`${basename(o.document)}: no tier fits the evidence of the questions`);
  const tiers = excerpts.map((e) => e.tier);
  const scriptTier = o.scriptTier ?? (tiers.includes('T3') ? 'T3' : tiers[tiers.length - 1]);
  if (!tiers.includes(scriptTier))
    throw invalid(`--script-tier ${scriptTier}: the document has tiers ${tiers.join(', ')} only`);
  const ctx = { docId, domain: o.domain ?? '' };
  const sweep = tierSweep(ctx, qa.questions, tiers);
  const scripts = decayScripts(ctx, qa.questions, scriptTier, early, qa.distractors);
  if (!scripts.length) warnings.push('no answerable question: no decay or refresh scripts');
  const header = {
    schema: 'earshot-set-v1',
    kind: 'dsb-dg',
    name: `DSB-DG ${docId}`,
    description:
      `Generated from ${basename(o.document)} and ${basename(o.qa)}: the tier sweep over ${tiers.join(', ')}, ` +
      `17-turn decay scripts and refresh schedules none / single / multiple at ${scriptTier}.`,
    synthesis: o.synthesis ?? { engine: 'espeak-ng' },
    instructions: 'Answer only from the document. If the document does not say, say that you do not know.',
    repeats,
    documents: excerpts.map((e) => ({
      id: `${docId}-${e.tier}`,
      title: `${docId} (${e.tier})`,
      tier: e.tier,
      text: e.text,
    })),
  };
  const items: ScriptLine[] = [...sweep, ...scripts];
  writeFileSync(o.out, [header, ...items].map((l) => JSON.stringify(l)).join('\n') + '\n');
  return {
    out: o.out,
    items: items.length,
    tiers: excerpts.map((e) => ({ tier: e.tier, tokens: e.tokens, budget: TIER_BUDGETS[e.tier], whole: e.whole })),
    sweep: sweep.length,
    decay: scripts.filter((s) => s.protocol.startsWith('decay')).length,
    refresh: scripts.filter((s) => s.protocol.startsWith('refresh')).length,
    scriptTier: scripts.length ? scriptTier : null,
    repeats,
    warnings,
  };
}
