/**
 * `earshot casebook list --study S` and `earshot casebook export --study S [--category C] --out DIR [--html]`: a
 * study's casebook, and its cases exported as folders or single HTML files. The command line acts as the study lead.
 */
import { resolve } from 'node:path';
import type { Casebook } from '../../shared/types/casebook';
import { byCategory, toCasebookCase } from '../annotation/casebook';
import { exportStudyCases } from '../annotation/case-export/case-export';
import { studyCases } from '../db/casebook';
import { parseCommandOptions, UsageError, type CliOptions } from './args';
import { openForCli, requireStudy, type SelfParsedOutput } from './commands';

function options(argv: string[]) {
  return parseCommandOptions(
    argv,
    {
      study: { type: 'string' },
      category: { type: 'string' },
      out: { type: 'string' },
      html: { type: 'boolean', default: false },
      db: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    true,
  );
}

const at = (ms: number | null) => (ms === null ? '' : `${(ms / 1000).toFixed(1)} s`);

function listText(book: Casebook['categories'], cases: Casebook['cases']): string {
  if (cases.length === 0) return 'no cases';
  return book
    .map((cat) => {
      const lines = cases
        .filter((c) => c.category === cat.category)
        .map((c) => {
          const span =
            c.kind === 'call' ? 'call' : c.kind === 'moment' ? `@ ${at(c.startMs)}` : `${at(c.startMs)}–${at(c.endMs)}`;
          return `  ${c.id}\t${c.externalId}\t${span}\t${c.addedBy.name}\t${c.note.replace(/\s+/g, ' ')}`;
        });
      return [`${cat.category} (${cat.count})`, ...lines].join('\n');
    })
    .join('\n');
}

/** Runs `casebook list` or `casebook export`. */
export async function casebookCommand(argv: string[]): Promise<SelfParsedOutput> {
  const { values: v, positionals } = options(argv);
  const [sub, ...extra] = positionals;
  if (sub !== 'list' && sub !== 'export') throw new UsageError('say casebook list or casebook export (see --help)');
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  if (sub === 'export' && !v.out) throw new UsageError('--out DIR is required: the folder to write the cases into');
  if (sub === 'list' && (v.out || v.html)) throw new UsageError('--out and --html belong to casebook export');
  const s = await openForCli({ positionals: [], json: false, db: v.db } as CliOptions);
  try {
    const study = requireStudy(s, { positionals: [], json: false, study: v.study } as CliOptions);
    if (sub === 'list') {
      const all = studyCases(s.db, study.id)
        .map(toCasebookCase)
        .filter((c) => v.category === undefined || c.category === v.category);
      const grouped = byCategory(all);
      return {
        json: { study, ...grouped },
        text: listText(grouped.categories, grouped.cases),
        exitCode: 0,
        json_: v.json,
      };
    }
    const written = exportStudyCases(s.db, study.id, { category: v.category, out: resolve(v.out!), html: v.html });
    const text = written.map((w) => `${w.caseId}\t${w.category}\t${w.path}`).join('\n');
    return { json: { study, exported: written }, text, exitCode: 0, json_: v.json };
  } finally {
    s.db.close();
  }
}
