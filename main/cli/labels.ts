/** `earshot labels export|import|csv`: offline exchange bundles and the τ-Elicitation validation.csv shape. */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Services } from '../services/services';
import { exportBundle, importBundle, parseBundle } from '../annotation/exchange';
import { validationCsv, validationCsvWarnings } from '../annotation/validation-csv';
import { fileStem } from '../annotation/report-files';
import { UsageError, type CliOptions } from './args';
import { requireStudy, type CommandOutput } from './commands';
import { raterIds } from './agreement';

const USAGE = 'labels export ANNOTATOR --study X [--out FILE] | labels import FILE [--study X] | labels csv --study X [--raters A,B] [--out FILE]';

/** Dispatches on the first positional: export, import or csv. */
export function labelsCommand(s: Services, opts: CliOptions): CommandOutput {
  const [action, arg] = opts.positionals;
  if (action === 'export') {
    const study = requireStudy(s, opts);
    if (!arg) throw new UsageError(`name the annotator: ${USAGE}`);
    const annotator = s.db.prepare('SELECT id, name FROM annotators WHERE name = ?').get(arg) as { id: number; name: string } | undefined;
    if (!annotator) throw new UsageError(`no annotator "${arg}"`);
    const bundle = exportBundle(s.db, study.id, annotator.id, s.clock());
    const out = resolve(opts.out ?? `${fileStem(study.name)}-${fileStem(annotator.name)}.earshot-labels.json`);
    writeFileSync(out, JSON.stringify(bundle, null, 1));
    return { json: { file: out, labels: bundle.labels.length, commits: bundle.commits.length }, text: `wrote ${bundle.labels.length} labels of ${annotator.name} to ${out}` };
  }
  if (action === 'import') {
    if (!arg) throw new UsageError(`name the bundle file: ${USAGE}`);
    const studyId = opts.study ? requireStudy(s, opts).id : undefined;
    const result = importBundle(s.db, parseBundle(readFileSync(resolve(arg), 'utf8')), { studyId }, s.clock());
    const lines = [`${result.annotator}: ${result.added} added, ${result.unchanged} unchanged, ${result.conflicts.length} conflicts (kept local)`];
    for (const c of result.conflicts) lines.push(`  conflict ${c.externalId} ${c.field} (${c.phase}): local ${JSON.stringify(c.local)}, incoming ${JSON.stringify(c.incoming)}`);
    if (result.missingEpisodes.length) lines.push(`  not in the study: ${result.missingEpisodes.join(', ')}`);
    return { json: result, text: lines.join('\n') };
  }
  if (action === 'csv') {
    const study = requireStudy(s, opts);
    const ids = raterIds(s, opts);
    const csv = validationCsv(s.db, study.id, ids ? [ids[0], ids[1]] : undefined);
    for (const warning of validationCsvWarnings(s.db, study.id)) process.stderr.write(`earshot labels csv: ${warning}\n`);
    if (!opts.out) return { json: { csv }, text: csv.trimEnd() };
    writeFileSync(resolve(opts.out), csv);
    return { json: { file: resolve(opts.out) }, text: `wrote ${resolve(opts.out)}` };
  }
  throw new UsageError(`usage: earshot ${USAGE}`);
}
