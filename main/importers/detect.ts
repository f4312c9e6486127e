/**
 * Recognises which source format a file or folder holds from a few names and the first bytes of a few files.
 * Detection never reads a folder deeply: a folder of 10,000 simulations that is
 * not a result is refused at once, and anything detection cannot tell is imported by choosing the format.
 */
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isGradesFile } from './vera/grades';

/** The source formats the studio imports. */
export type SourceFormat = 'tau2' | 'tau-elicitation' | 'vera' | 'generic';

/** How much of a file detection reads: the markers of every format sit in a file's first 64 KiB. */
const HEAD_BYTES = 64 * 1024;
/** How much of each peeked JSON file in a folder detection reads: a VERA episodes file opens with its list. */
const OPENING_BYTES = 1024;
/** How many JSON files of a folder detection peeks at for a VERA episodes file. */
const PEEKED_FILES = 8;

const VERA_OPENING = /^\s*\{\s*"episodes"\s*:\s*\[/;
const ELICITATION_MARK = /"schema_version"\s*:\s*"tau-elicit-compact-transcript-v1"/;
const GENERIC_MARK = /"schema"\s*:\s*"earshot-(episode|study)-v1"/;

/** The first `limit` bytes of a file as text, and whether the file goes on past them. */
function head(path: string, limit: number): { text: string; cut: boolean } {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.allocUnsafe(limit);
    let total = 0;
    for (let n = 1; n > 0 && total < limit; total += n) n = readSync(fd, buf, total, limit - total, total);
    return { text: buf.toString('utf8', 0, total), cut: total === limit };
  } finally {
    closeSync(fd);
  }
}

function jsonlFormat(path: string): SourceFormat | null {
  const { text, cut } = head(path, HEAD_BYTES);
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((l) => l.trim() !== '');
  if (at < 0) return null;
  // A first line longer than the head is told by its marker alone; a whole line must parse as a JSON object.
  if (at === lines.length - 1 && cut) {
    if (GENERIC_MARK.test(lines[at])) return 'generic';
    return ELICITATION_MARK.test(lines[at]) ? 'tau-elicitation' : null;
  }
  let first: unknown;
  try {
    first = JSON.parse(lines[at]);
  } catch {
    return null;
  }
  const record = first !== null && typeof first === 'object' ? (first as Record<string, unknown>) : {};
  if (record.schema === 'earshot-episode-v1' || record.schema === 'earshot-study-v1') return 'generic';
  if (record.schema_version === 'tau-elicit-compact-transcript-v1') return 'tau-elicitation';
  return null;
}

function jsonFormat(path: string): SourceFormat | null {
  const { text } = head(path, HEAD_BYTES);
  if (VERA_OPENING.test(text)) return 'vera';
  if (ELICITATION_MARK.test(text)) return 'tau-elicitation';
  if (/"agent_info"\s*:/.test(text) && /"environment_info"\s*:/.test(text)) return 'tau2';
  return null;
}

/** True when the file at `path` opens like a VERA episodes file; false when it does not or cannot be read. */
function opensLikeVera(path: string): boolean {
  try {
    return VERA_OPENING.test(head(path, OPENING_BYTES).text);
  } catch {
    return false;
  }
}

function folderFormat(dir: string): SourceFormat | null {
  if (existsSync(join(dir, 'results.json'))) return 'tau2';
  if (existsSync(join(dir, 'results', 'manifest.csv')) || existsSync(join(dir, 'transcripts')))
    return 'tau-elicitation';
  const peeked = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.name.endsWith('.json') && !isGradesFile(d.name) && (d.isFile() || d.isSymbolicLink()))
    .map((d) => d.name)
    .sort()
    .slice(0, PEEKED_FILES);
  return peeked.some((name) => opensLikeVera(join(dir, name))) ? 'vera' : null;
}

/**
 * The format at `path`, or null if none is recognised: a τ² run folder (its `results.json`) or results JSON, a
 * τ-Elicitation archive (`results/manifest.csv` or `transcripts/`) or transcript, a VERA episodes file or a folder
 * with one among its first eight JSON files, or a generic `.jsonl` whose first non-empty line is an
 * `earshot-episode-v1` object (or the optional `earshot-study-v1` header that may precede it). Files are told by
 * their first 64 KiB.
 */
export function detectFormat(path: string): SourceFormat | null {
  if (!existsSync(path)) return null;
  if (statSync(path).isDirectory()) return folderFormat(path);
  if (path.endsWith('.jsonl')) return jsonlFormat(path);
  if (path.endsWith('.json')) return jsonFormat(path);
  return null;
}
