/**
 * `earshot annotations export|import`: an episode's turns, regions and labels to an ELAN, Praat or Audacity file, or
 * a file's regions (and turns) onto an existing episode (docs/formats.md, "Annotation tools").
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import {
  ANNOTATION_FORMATS,
  type AnnotationFormat,
  type AnnotationImportResult,
} from '../../shared/types/annotation-files';
import { exportAnnotationFile } from '../annotation/annotation-file-export';
import { importAnnotationFile } from '../annotation/annotation-file-import';
import { annotatorIdByNameOrId } from '../db/annotators';
import { decodeAnnotationBytes } from '../exchange-formats/formats';
import { fileSizeProblem } from '../importers/file-size';
import { TABLE_FILE } from '../importers/limits';
import { ImportError } from '../importers/batch';
import { inputFile, parseCommandOptions, UsageError, type CliOptions } from './args';
import { episodeInStudy, openForCli, requireStudy, type SelfParsedOutput } from './commands';

function options(argv: string[]) {
  return parseCommandOptions(
    argv,
    {
      study: { type: 'string' },
      episode: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      annotator: { type: 'string' },
      file: { type: 'string' },
      'replace-turns': { type: 'boolean', default: false },
      'regions-tier': { type: 'string' },
      db: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    true,
  );
}

function formatOption(raw: string | undefined): AnnotationFormat | undefined {
  if (raw === undefined) return undefined;
  if ((ANNOTATION_FORMATS as readonly string[]).includes(raw)) return raw as AnnotationFormat;
  throw new UsageError(`--format must be one of ${ANNOTATION_FORMATS.join(', ')}, got "${raw}"`);
}

const required = (value: string | undefined, flag: string): string => {
  if (value === undefined || value === '') throw new UsageError(`${flag} is required`);
  return value;
};

/** The import's report as lines of text. */
export function importText(r: AnnotationImportResult): string {
  const regions = r.regions
    ? `regions of ${r.annotator}: ${r.regions.count} from tier "${r.regions.tier}" (had ${r.regions.before})`
    : `regions of ${r.annotator}: unchanged (no regions tier)`;
  const turns = `turns: ${r.turns.outcome} (${r.turns.inFile} in the file, the episode had ${r.turns.before})`;
  return [
    `${r.file} (${r.format}) onto episode ${r.episodeId}`,
    regions,
    turns,
    ...r.leftOut.map((l) => `left out: ${l}`),
  ].join('\n');
}

/** Reads an annotation file's text, refusing one past the label-file limit or not text. */
function readAnnotationFile(path: string): string {
  const file = basename(path);
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    throw new ImportError(file, '(file)', '(path)', `no file at ${path}`);
  }
  const tooBig = fileSizeProblem(size, TABLE_FILE);
  if (tooBig) throw new ImportError(file, '(file)', '(size)', tooBig);
  return decodeAnnotationBytes(readFileSync(path), file);
}

/** Runs `annotations export` or `annotations import`. */
export async function annotationsCommand(argv: string[]): Promise<SelfParsedOutput> {
  const { values: v, positionals } = options(argv);
  const [action, ...extra] = positionals;
  if (action !== 'export' && action !== 'import')
    throw new UsageError('say export or import: earshot annotations export|import …');
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const format = formatOption(v.format);
  const s = await openForCli({ positionals: [], json: false, db: v.db } as CliOptions);
  try {
    const study = requireStudy(s, { positionals: [], json: false, study: v.study } as CliOptions);
    const episodeId = episodeInStudy(s, study.id, required(v.episode, '--episode ID'));
    if (action === 'export') {
      const out = resolve(required(v.out, '--out FILE'));
      const file = exportAnnotationFile(s.db, { episodeId, format: format ?? 'eaf', viewerId: null }, s.clock());
      writeFileSync(out, file.content);
      const json = { file: out, format: format ?? 'eaf', tiers: file.tiers, intervals: file.intervals };
      return {
        json,
        text: `wrote ${file.tiers} tiers, ${file.intervals} intervals to ${out}`,
        exitCode: 0,
        json_: v.json,
      };
    }
    const annotatorRef = required(v.annotator, '--annotator NAME_OR_ID');
    const annotatorId = annotatorIdByNameOrId(s.db, annotatorRef);
    if (annotatorId === null) throw new UsageError(`no annotator "${annotatorRef}"`);
    const path = inputFile(required(v.file, '--file FILE'), '--file');
    const result = importAnnotationFile(
      s.db,
      {
        episodeId,
        annotatorId,
        fileName: basename(path),
        text: readAnnotationFile(path),
        format,
        replaceTurns: v['replace-turns'],
        regionsTier: v['regions-tier'],
      },
      s.clock(),
    );
    return { json: result, text: importText(result), exitCode: 0, json_: v.json };
  } finally {
    s.db.close();
  }
}
