/**
 * A τ-Voice leaderboard `submission.json` beside a run: its embedded `interaction_metrics` (tau2-bench
 * `scripts/leaderboard/compute_interaction_metrics.py`: `version`, `config`, `domains.<domain>` panels with their
 * `counts`, `overall`). It is looked for in the run folder, its parent, and — for the leaderboard's layout
 * `<submission>/trajectories/<run>/` — two levels up when the parent is named `trajectories`. The panel of the run's
 * domain is kept; a file that is not a readable submission is a warning, and the run imports without it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { z } from 'zod';
import type {
  InteractionCounts,
  InteractionPanel,
  PublishedInteractionPanel,
} from '../../../shared/types/interaction-metrics';

/** The largest submission.json read. */
const MAX_BYTES = 4 * 1024 * 1024;

/** tau2's panel names and ours. */
const METRICS: readonly [string, keyof InteractionPanel][] = [
  ['response_latency_mean', 'responseLatencyMeanSec'],
  ['yield_latency_mean', 'yieldLatencyMeanSec'],
  ['response_rate', 'responseRate'],
  ['yield_rate', 'yieldRate'],
  ['agent_interruption_rate', 'agentInterruptionRate'],
  ['selectivity_backchannel', 'selectivityBackchannel'],
  ['selectivity_vocal_tic', 'selectivityVocalTic'],
  ['selectivity_non_directed', 'selectivityNonDirected'],
];

/** tau2's count names and ours. */
const COUNTS: readonly [string, keyof InteractionCounts][] = [
  ['n_simulations', 'simulations'],
  ['response_total', 'responseTotal'],
  ['yield_total', 'yieldTotal'],
  ['backchannel_total', 'backchannelTotal'],
  ['vocal_tic_total', 'vocalTicTotal'],
  ['non_directed_total', 'nonDirectedTotal'],
  ['agent_interrupts_count', 'agentInterruptions'],
];

const value = z.number().finite().nullish();
const panel = z.looseObject({
  ...Object.fromEntries(METRICS.map(([name]) => [name, value])),
  counts: z
    .looseObject(Object.fromEntries(COUNTS.map(([name]) => [name, z.number().int().nonnegative().nullish()])))
    .nullish(),
});
const submission = z.looseObject({
  model_name: z.string().nullish(),
  interaction_metrics: z
    .looseObject({ version: z.string().nullish(), domains: z.record(z.string(), panel).nullish() })
    .nullish(),
});

/** Where a submission.json beside the run folder `runDir` may be, nearest first. */
function candidates(runDir: string): string[] {
  const parent = dirname(runDir);
  const out = [join(runDir, 'submission.json'), join(parent, 'submission.json')];
  if (basename(parent) === 'trajectories') out.push(join(dirname(parent), 'submission.json'));
  return out;
}

/**
 * The published panel of `domain` from the submission.json nearest the run, or null when there is none (or it
 * publishes no interaction metrics); `warn` hears why a file found was not used.
 */
export function publishedPanel(
  runDir: string,
  domain: string,
  warn: (message: string) => void,
): PublishedInteractionPanel | null {
  const path = candidates(runDir).find((p) => existsSync(p) && statSync(p).isFile());
  if (!path) return null;
  const file = relative(runDir, path).split('\\').join('/');
  if (statSync(path).size > MAX_BYTES) {
    warn(`${file}: larger than ${MAX_BYTES} bytes; its published interaction metrics were not read`);
    return null;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    warn(`${file}: not valid JSON; its published interaction metrics were not read`);
    return null;
  }
  const parsed = submission.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    warn(
      `${file}: ${issue.path.join('.') || '(file)'}: ${issue.message}; its published interaction metrics were not read`,
    );
    return null;
  }
  const block = parsed.data.interaction_metrics;
  if (!block?.domains) return null;
  const found = block.domains[domain] as Record<string, unknown> | undefined;
  if (!found) {
    warn(`${file}: interaction_metrics has no panel for the run's domain "${domain}"`);
    return null;
  }
  const counts = (found.counts ?? {}) as Record<string, number | null | undefined>;
  return {
    file,
    submission: parsed.data.model_name ?? null,
    domain,
    version: block.version ?? null,
    metrics: Object.fromEntries(
      METRICS.map(([name, ours]) => [ours, (found[name] as number | null | undefined) ?? null]),
    ),
    counts: Object.fromEntries(
      COUNTS.filter(([name]) => typeof counts[name] === 'number').map(([name, ours]) => [ours, counts[name]]),
    ),
  };
}
