/** Recognises which source format a file or folder holds, and reads it with the matching reader. */
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ImportError, type ImportBatch } from './batch';
import { readGenericJsonl } from './generic/read-generic';
import { readTauElicitation } from './tau-elicitation/read-tau-elicitation';
import { readTau2 } from './tau2/read-tau2';
import { readVera } from './vera/read-vera';

/** The source formats the studio imports. */
export type SourceFormat = 'tau2' | 'tau-elicitation' | 'vera' | 'generic';

const HEAD_BYTES = 256 * 1024;
const LINE_LIMIT = 8 * 1024 * 1024;

/** The first bytes of a file as text, up to `limit` bytes or (with `toNewline`) the first non-empty line. */
function head(path: string, limit: number, toNewline: boolean): string {
  const fd = openSync(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    while (total < limit) {
      const buf = Buffer.alloc(Math.min(64 * 1024, limit - total));
      const n = readSync(fd, buf, 0, buf.length, total);
      if (n === 0) break;
      chunks.push(buf.subarray(0, n));
      total += n;
      if (toNewline && buf.subarray(0, n).includes(10) && Buffer.concat(chunks).toString('utf8').trimStart().includes('\n')) break;
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function jsonlFormat(path: string): SourceFormat | null {
  const line = head(path, LINE_LIMIT, true).split(/\r?\n/).find((l) => l.trim() !== '');
  let first: unknown;
  try {
    first = JSON.parse(line ?? '');
  } catch {
    return null;
  }
  const record = first !== null && typeof first === 'object' ? (first as Record<string, unknown>) : {};
  if (record.schema === 'earshot-episode-v1' || record.schema === 'earshot-study-v1') return 'generic';
  if (record.schema_version === 'tau-elicit-compact-transcript-v1') return 'tau-elicitation';
  return null;
}

function jsonFormat(path: string): SourceFormat | null {
  const text = head(path, HEAD_BYTES, false);
  if (/^\s*\{\s*"episodes"\s*:\s*\[/.test(text)) return 'vera';
  if (/"schema_version"\s*:\s*"tau-elicit-compact-transcript-v1"/.test(text)) return 'tau-elicitation';
  if (/"agent_info"\s*:/.test(text) && /"environment_info"\s*:/.test(text)) return 'tau2';
  return null;
}

function folderFormat(dir: string): SourceFormat | null {
  if (existsSync(join(dir, 'results.json'))) return 'tau2';
  if (existsSync(join(dir, 'results', 'manifest.csv')) || existsSync(join(dir, 'transcripts'))) return 'tau-elicitation';
  const json = readdirSync(dir).filter((n) => n.endsWith('.json'));
  return json.some((n) => statSync(join(dir, n)).isFile() && jsonFormat(join(dir, n)) === 'vera') ? 'vera' : null;
}

/**
 * The format at `path`, or null if none is recognised: a τ² run folder or results JSON, a τ-Elicitation archive or
 * transcript, a VERA episodes file or folder, or a generic `.jsonl` whose first non-empty line is an `earshot-episode-v1`
 * object (or the optional `earshot-study-v1` header that may precede it).
 */
export function detectFormat(path: string): SourceFormat | null {
  if (!existsSync(path)) return null;
  if (statSync(path).isDirectory()) return folderFormat(path);
  if (path.endsWith('.jsonl')) return jsonlFormat(path);
  if (path.endsWith('.json')) return jsonFormat(path);
  return null;
}

/** Reads `path` with the reader of `format`, detected when not given. */
export async function readAny(path: string, format?: SourceFormat): Promise<ImportBatch> {
  if (!existsSync(path)) throw new ImportError(basename(path), 'file', '(file)', 'does not exist');
  const chosen = format ?? detectFormat(path);
  switch (chosen) {
    case 'tau2':
      return readTau2(path);
    case 'tau-elicitation':
      return readTauElicitation(path);
    case 'vera':
      return readVera(path);
    case 'generic':
      return readGenericJsonl(path);
    case null:
      throw new ImportError(basename(path), 'file', '(format)', 'not a recognised τ² run, τ-Elicitation archive, VERA episodes file or earshot-episode-v1 JSONL');
  }
}
