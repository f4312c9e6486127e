/** `earshot generate dsb-dg --document F --qa F --out SET.jsonl`: a DSB-DG episode set from a document and its QA set. */
import { resolve } from 'node:path';
import { generateDsbDg, type GeneratedSet } from '../runner/generate/generate-dsb-dg';
import { TIERS } from '../runner/set/schema';
import type { Tier } from '../runner/generate/excerpts';
import { inputFile, parseCommandOptions, UsageError } from './args';
import type { SelfParsedOutput } from './commands';

function options(argv: string[]) {
  return parseCommandOptions(
    argv,
    {
      document: { type: 'string' },
      qa: { type: 'string' },
      out: { type: 'string' },
      repeats: { type: 'string' },
      id: { type: 'string' },
      domain: { type: 'string' },
      early: { type: 'string' },
      'script-tier': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    true,
  );
}

const whole = (name: string, raw: string | undefined): number | undefined => {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number, got "${raw}"`);
  return Number(raw);
};

/** The summary as text: what was written, the tiers with their sizes, and the warnings. */
export function generatedText(g: GeneratedSet): string {
  const tiers = g.tiers.map((t) => `${t.tier} ≈${t.tokens}/${t.budget} tokens${t.whole ? ' (whole document)' : ''}`);
  return [
    `wrote ${g.out}: ${g.items} items, ${g.repeats} run(s) each`,
    `  tier sweep: ${g.sweep} items over ${tiers.join(', ')}`,
    `  decay scripts: ${g.decay}, refresh scripts: ${g.refresh}${g.scriptTier ? ` (at ${g.scriptTier})` : ''}`,
    ...g.warnings.map((w) => `  note: ${w}`),
  ].join('\n');
}

/** Runs `generate dsb-dg`. */
export async function generateCommand(argv: string[]): Promise<SelfParsedOutput> {
  const { values: v, positionals } = options(argv);
  if (positionals[0] !== 'dsb-dg' || positionals.length > 1) {
    throw new UsageError('say what to generate: earshot generate dsb-dg --document F --qa F --out SET.jsonl');
  }
  for (const name of ['document', 'qa', 'out'] as const) if (!v[name]) throw new UsageError(`--${name} is required`);
  const tier = v['script-tier'];
  if (tier !== undefined && !(TIERS as readonly string[]).includes(tier)) {
    throw new UsageError(`--script-tier must be one of ${TIERS.join(', ')}, got "${tier}"`);
  }
  const g = generateDsbDg({
    document: inputFile(v.document!, '--document'),
    qa: inputFile(v.qa!, '--qa'),
    out: resolve(v.out!),
    repeats: whole('repeats', v.repeats),
    docId: v.id,
    domain: v.domain,
    early: whole('early', v.early),
    scriptTier: tier as Tier | undefined,
  });
  return { json: g, text: generatedText(g), exitCode: 0, json_: !!v.json };
}
