/** `earshot plan --study S --figure F --width W`: how many more labels give a judge-corrected figure that width. */
import { labelPlan } from '../metrics/label-plan';
import type { LabelPlan } from '../../shared/types/ppi';
import { parseCommandOptions, UsageError, type CliOptions } from './args';
import { openForCli, requireStudy, type SelfParsedOutput } from './commands';

/** Options of `plan` (its own, as --figure and --width are no other command's). */
function options(argv: string[]) {
  return parseCommandOptions(argv, {
    study: { type: 'string' },
    figure: { type: 'string' },
    width: { type: 'string' },
    db: { type: 'string' },
    json: { type: 'boolean', default: false },
  }).values;
}

/** The plan as text: one block per system, one line per design. */
export function planText(plan: LabelPlan): string {
  const head = `${plan.label} — ${plan.mapping}${plan.outcome === 'positive' ? '' : `=${plan.outcome}`}: labels for a ${
    plan.confidence * 100
  }% interval ${plan.width} wide`;
  const blocks = plan.rows.map((r) => {
    const now = r.width === null ? 'no labels yet' : `width now ${r.width.toFixed(3)}`;
    const lines = r.designs.map((d) => {
      if (d.labels === null) return `  ${d.design.padEnd(29)} not reachable with the calls there are`;
      const strata = d.strata?.map((s) => `${s.stratum} ${s.needed}/${s.calls} (${s.labelled} labelled)`).join(', ');
      const total = `${d.labels.toLocaleString('en')} in all, ${(d.more ?? 0).toLocaleString('en')} more`;
      return `  ${d.design.padEnd(29)} ${total}${strata ? ` — ${strata}` : ''}`;
    });
    const basis = r.basis === 'pilot' ? '' : ' (too few labels to estimate: planned for the widest variance)';
    return [`${r.system || '(no system)'}: ${r.calls} calls, ${r.labelled} labelled, ${now}${basis}`, ...lines].join(
      '\n',
    );
  });
  return [head, ...blocks].join('\n\n');
}

/** Runs `plan`: the figure's label budget per system. */
export async function planCommand(argv: string[]): Promise<SelfParsedOutput> {
  const v = options(argv);
  if (!v.figure)
    throw new UsageError('--figure MAPPING[=CATEGORY] is required (e.g. grade:correct, or grade=INCORRECT)');
  if (!v.width) throw new UsageError('--width W is required (the interval width, high − low, e.g. 0.1)');
  const width = Number(v.width);
  if (!(width > 0 && width < 1)) throw new UsageError(`--width must be a number in (0, 1), got "${v.width}"`);
  const s = await openForCli({ positionals: [], json: false, db: v.db } as CliOptions);
  try {
    const study = requireStudy(s, { positionals: [], json: false, study: v.study } as CliOptions);
    const plan = labelPlan(s.db, study.id, v.figure, width);
    return { json: plan, text: planText(plan), exitCode: 0, json_: !!v.json };
  } finally {
    s.db.close();
  }
}
