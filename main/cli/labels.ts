/** `earshot labels export|import|csv`: offline exchange bundles and the τ-Elicitation validation.csv shape. */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Services } from '../services/services';
import { bundleFileName, exportBundle, importBundle, parseBundle } from '../annotation/exchange';
import { validationCsv, validationCsvWarnings } from '../annotation/validation-csv';
import { annotatorIdByName } from '../db/annotators';
import { inputFile, UsageError, type CliOptions } from './args';
import { requireStudy, type CommandOutput } from './commands';
import { raterIds } from './agreement';

const USAGE =
  'labels export ANNOTATOR --study X [--out FILE] | labels import FILE [--study X] | labels csv --study X [--raters A,B] [--out FILE]';

/** Dispatches on the first positional: export, import or csv. */
export function labelsCommand(s: Services, opts: CliOptions): CommandOutput {
  const [action, arg] = opts.positionals;
  if (action === 'export') {
    const study = requireStudy(s, opts);
    if (!arg) throw new UsageError(`name the annotator: ${USAGE}`);
    const annotatorId = annotatorIdByName(s.db, arg);
    if (annotatorId === null) throw new UsageError(`no annotator "${arg}"`);
    const bundle = exportBundle(s.db, study.id, annotatorId, s.clock());
    const out = resolve(opts.out ?? bundleFileName(bundle));
    writeFileSync(out, JSON.stringify(bundle, null, 1));
    const text = `wrote ${bundle.labels.length} labels of ${bundle.annotator.name} to ${out}`;
    return { json: { file: out, labels: bundle.labels.length, commits: bundle.commits.length }, text };
  }
  if (action === 'import') {
    if (!arg) throw new UsageError(`name the bundle file: ${USAGE}`);
    const studyId = opts.study ? requireStudy(s, opts).id : undefined;
    const result = importBundle(s.db, parseBundle(readFileSync(inputFile(arg, 'labels import'), 'utf8')), { studyId }, s.clock());
    const lines = [
      `${result.annotator}: ${result.added} added, ${result.unchanged} unchanged, ${result.conflicts.length} conflicts (kept local)`,
    ];
    for (const c of result.conflicts)
      lines.push(
        `  conflict ${c.externalId} ${c.field} (${c.phase}): local ${JSON.stringify(c.local)}, incoming ${JSON.stringify(c.incoming)}`,
      );
    if (result.missingEpisodes.length) lines.push(`  not in the study: ${result.missingEpisodes.join(', ')}`);
    return { json: result, text: lines.join('\n') };
  }
  if (action === 'csv') {
    const study = requireStudy(s, opts);
    const ids = raterIds(s, opts);
    // The same rule as the contract's exchange.validationCsv: the CSV has exactly two rater columns, _a and _b.
    if (ids && ids.length !== 2) throw new UsageError(`--raters takes exactly two annotators (the _a and _b columns)`);
    const csv = validationCsv(s.db, study.id, ids ? [ids[0], ids[1]] : undefined);
    for (const warning of validationCsvWarnings(s.db, study.id))
      process.stderr.write(`earshot labels csv: ${warning}\n`);
    if (!opts.out) return { json: { csv }, text: csv.trimEnd() };
    writeFileSync(resolve(opts.out), csv);
    return { json: { file: resolve(opts.out) }, text: `wrote ${resolve(opts.out)}` };
  }
  throw new UsageError(`usage: earshot ${USAGE}`);
}
