/** `earshot import PATH`: detects the format, reads the files, and writes them in one transaction. */
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import type { Services } from '../services/services';
import { detectFormat, type SourceFormat } from '../importers/detect';
import { importPath } from '../importers/import-path';
import { UsageError, type CliOptions } from './args';
import type { CommandOutput } from './commands';
import { countNoun, importCounts } from '../../shared/count-noun';

const FORMATS: readonly SourceFormat[] = ['tau2', 'tau-elicitation', 'vera', 'generic'];

/** Imports PATH into --study (or the name the source suggests) and reports what came in. */
export async function importCommand(s: Services, opts: CliOptions): Promise<CommandOutput> {
  const path = opts.positionals[0];
  if (!path) throw new UsageError('import needs a PATH (a run folder, archive folder, episodes JSON or JSONL file)');
  const full = resolve(path);
  if (!existsSync(full)) throw new UsageError(`${path}: no such file or folder`);
  if (opts.format && !FORMATS.includes(opts.format as SourceFormat)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  const format = (opts.format as SourceFormat | undefined) ?? detectFormat(full);
  if (!format) throw new UsageError(`${path}: cannot tell the format; pass --format ${FORMATS.join('|')}`);
  const summary = await importPath(s.db, full, format, { now: s.clock(), studyName: opts.study });
  return {
    json: summary,
    text: summary.unchanged
      ? `${path}: already imported into "${summary.study.name}"; nothing changed`
      : `${path} (${summary.format}) → "${summary.study.name}": ${importCounts(summary)}, ${countNoun(summary.judgements, 'judgement')}, ${countNoun(summary.annotations, 'annotation')}, ${summary.skipped} skipped` +
        summary.warnings.map((w) => `\nwarning: ${w}`).join(''),
  };
}
