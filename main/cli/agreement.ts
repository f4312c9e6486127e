/** `earshot agreement`: agreement of a study's annotators on one field, or of an item,rater,label CSV; and `earshot report`. */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Services } from '../services/services';
import {
  ALPHA_METRICS,
  bootstrapInWorker,
  parseRatingsCsv,
  WEIGHT_FAMILIES,
  type AlphaMetric,
  type WeightFamily,
} from '../stats/agreement/index';
import { DomainError } from '../domain/errors';
import type { StudyAgreement } from '../../shared/types/annotation';
import type { AgreementReport } from '../../shared/types/agreement-report';
import { computeStudyAgreement } from '../annotation/agreement';
import { buildReportFiles } from '../annotation/report-files';
import { fmtInterval } from '../annotation/report-text';
import { fieldRatings, labelledFields } from '../annotation/ratings';
import { studyJudgeMappings } from '../annotation/judge-mappings';
import { coefficientLines } from './agreement-text';
import { extrasLines, pairBootstrapLines } from './extras-text';
import { judgeTextLines } from './judge-text';
import { annotatorIdByNameOrId } from '../db/annotators';
import { inputFile, UsageError, type CliOptions } from './args';
import { requireStudy, type CommandOutput } from './commands';

/** `--level L`: α's metric and the default weights (nominal … bipolar); undefined without the option. */
function level(opts: CliOptions): AlphaMetric | undefined {
  if (opts.level === undefined) return undefined;
  if (!(ALPHA_METRICS as readonly string[]).includes(opts.level)) {
    throw new UsageError(`--level must be one of ${ALPHA_METRICS.join(', ')}, got "${opts.level}"`);
  }
  return opts.level as AlphaMetric;
}

/** `--weights FAMILY`: the weight family of the weighted forms; undefined without the option. */
function weights(opts: CliOptions): WeightFamily | undefined {
  if (opts.weights === undefined) return undefined;
  if (!(WEIGHT_FAMILIES as readonly string[]).includes(opts.weights)) {
    throw new UsageError(`--weights must be one of ${WEIGHT_FAMILIES.join(', ')}, got "${opts.weights}"`);
  }
  return opts.weights as WeightFamily;
}

/** Annotator ids for `--raters A,B` (names or ids); undefined without the option. */
export function raterIds(s: Services, opts: CliOptions): number[] | undefined {
  if (opts.raters === undefined) return undefined;
  const names = opts.raters.split(',').map((x) => x.trim()).filter(Boolean);
  if (names.length < 2) throw new UsageError('--raters needs at least two annotators, e.g. --raters A,B');
  return names.map((n) => {
    const id = annotatorIdByNameOrId(s.db, n);
    if (id === null) throw new UsageError(`no annotator "${n}"`);
    return id;
  });
}

/** The category order of `--order a,b,c` (for a ratings CSV); undefined without the option. */
function categoryOrder(opts: CliOptions): string[] | undefined {
  if (opts.order === undefined) return undefined;
  const order = opts.order.split(',').map((x) => x.trim());
  if (order.length < 2 || order.some((x) => x === '')) throw new UsageError('--order needs at least two categories, e.g. --order low,mid,high');
  const twice = order.find((x, i) => order.indexOf(x) !== i);
  if (twice !== undefined) throw new UsageError(`--order lists "${twice}" twice`);
  return order;
}

/** `--population N`, refused below the items of the table or study (counted only when the option is given). */
function population(opts: CliOptions, countItems: () => number): number | undefined {
  if (opts.population === undefined) return undefined;
  const items = countItems();
  if (opts.population < items) {
    throw new UsageError(`--population must be at least the ${items} items, got ${opts.population}`);
  }
  return opts.population;
}

/** ", SEs corrected for a population of N" when the report has a population size. */
function populationNote(r: AgreementReport): string {
  return r.analytic.population === null ? '' : `, SEs corrected for a population of ${r.analytic.population}`;
}

function studyText(a: StudyAgreement): string {
  const o = a.overall;
  const head =
    `${a.study.name} · ${a.field}: ${o.nPairableItems} of ${o.nItems} items labelled twice by ${o.raters.join(', ')} ` +
    `(${o.level}; 95% CI, ${o.bootstrap.resamples} resamples${populationNote(o)})`;
  const lines = [head, ...coefficientLines(o), ...pairBootstrapLines(o), ...extrasLines(a.extras ?? null)];
  for (const p of a.vsAdjudicated) {
    lines.push(`  ${`${p.rater} vs ${p.reference}`.padEnd(26)} ${p.report ? `agreement ${fmtInterval(p.report.statistics.percentAgreement)}, kappa ${fmtInterval(p.report.statistics.cohenKappa)}` : p.problem}`);
  }
  if (a.unresolvedExcluded) lines.push(`  (${a.unresolvedExcluded} item(s) adjudicated unresolved left out of the comparisons with the adjudicated label)`);
  return [...lines, ...judgeTextLines(a.judge)].join('\n');
}

/** The field `agreement --study` takes without --field: the first labelled field a judge maps to, else the first one. */
function defaultField(s: Services, studyId: number): string {
  const fields = labelledFields(s.db, studyId).filter((f) => f !== 'notes');
  const mapped = new Set(studyJudgeMappings(s.db, studyId).map((m) => m.field));
  const field = fields.find((f) => mapped.has(f)) ?? fields[0];
  if (!field) throw new UsageError('the study has no labels yet; agreement needs labels from at least 2 annotators');
  process.stderr.write(`earshot agreement: --field ${field} (the first labelled field a judge maps to; --field F to choose)\n`);
  return field;
}

/**
 * `agreement --study X [--field F] [--raters A,B] [--level L] [--weights FAMILY] [--seed N] [--resamples N]
 * [--population N]`.
 */
export async function agreementCommand(s: Services, opts: CliOptions): Promise<CommandOutput> {
  if (opts.ratings !== undefined) return ratingsAgreementCommand(opts);
  if (opts.order !== undefined) throw new UsageError('--order applies to --ratings; a study orders categories by its taxonomy');
  const study = requireStudy(s, opts);
  const field = opts.field ?? defaultField(s, study.id);
  const ids = raterIds(s, opts);
  const result = await computeStudyAgreement(s.db, {
    studyId: study.id,
    field,
    raterIds: ids,
    level: level(opts),
    weights: weights(opts),
    population: population(opts, () => fieldRatings(s.db, study.id, field, { raterIds: ids }).items.length),
    seed: opts.seed,
    resamples: opts.resamples,
    toleranceMs: opts.toleranceMs,
    pairBootstrap: opts.hayesKrippendorff || undefined,
  });
  return { json: result, text: studyText(result) };
}

/**
 * `agreement --ratings FILE.csv [--level L] [--weights FAMILY] [--order a,b,c] [--seed N] [--resamples N]
 * [--population N]`: columns item,rater,label; no database. A refusal of the labels names the file.
 */
export async function ratingsAgreementCommand(opts: CliOptions): Promise<CommandOutput> {
  const path = inputFile(opts.ratings!, '--ratings');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`cannot read ${opts.ratings}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const table = parseRatingsCsv(text, basename(path));
  if (opts.toleranceMs !== undefined) throw new UsageError('--tolerance-ms applies to --study (first-error and region fields)');
  const options = {
    level: level(opts),
    weights: weights(opts),
    categories: categoryOrder(opts),
    seed: opts.seed,
    resamples: opts.resamples,
    population: population(opts, () => table.items.length),
    pairBootstrap: opts.hayesKrippendorff || undefined,
  };
  const report = await bootstrapInWorker(table, options).catch((err: unknown) => {
    throw err instanceof DomainError ? new DomainError(err.code, `${basename(path)}: ${err.message}`) : err;
  });
  const head =
    `${basename(path)}: ${report.nPairableItems} of ${report.nItems} items rated twice by ${report.raters.join(', ')}` +
    populationNote(report);
  return { json: report, text: [head, ...coefficientLines(report), ...pairBootstrapLines(report)].join('\n') };
}

/** `report --study X --field F[,G] [--format markdown|html] [--raters A,B] [--out FILE]`: writes FILE and FILE's .csv beside it. */
export async function reportCommand(s: Services, opts: CliOptions): Promise<CommandOutput> {
  const study = requireStudy(s, opts);
  if (!opts.field) throw new UsageError('--field F[,G] is required');
  const format = opts.format ?? 'markdown';
  if (format !== 'markdown' && format !== 'html') throw new UsageError(`--format must be markdown or html, got "${format}"`);
  const files = await buildReportFiles(s.db, { studyId: study.id, fields: opts.field.split(',').map((f) => f.trim()), format, raterIds: raterIds(s, opts), seed: opts.seed }, s.clock());
  const out = resolve(opts.out ?? files.document.fileName);
  const csvPath = out.replace(/\.(md|markdown|html?)$/i, '') + '.csv';
  writeFileSync(out, files.document.content);
  writeFileSync(csvPath, files.csv.content);
  return { json: { document: out, csv: csvPath, fields: files.agreements.map((a) => a.field) }, text: `wrote ${out} and ${csvPath}` };
}
