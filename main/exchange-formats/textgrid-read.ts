/**
 * Reads a Praat TextGrid in the long or the short text format (Praat manual, "TextGrid file formats"). Both are the
 * same sequence of values — the long one names each (`xmin = 0`), the short one does not — so the reader takes the
 * values in order and skips the names, `[n]` indices and `!` comments. Intervals with empty text are Praat's gaps and
 * are left out; point tiers (TextTier) are left out with a note. The binary format is refused.
 */
import { ImportError } from '../importers/batch';
import type { Tier, TierDocument } from './tiers';

type Token = { kind: 'string' | 'number' | 'flag'; value: string; line: number };

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/y;
const WORD = /[A-Za-z_][\w?]*/y;

function tokens(source: string, file: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  for (let i = source.charCodeAt(0) === 0xfeff ? 1 : 0; i < source.length;) {
    const c = source[i];
    if (c === '\n') line++;
    if (/[\s=:]/.test(c)) i++;
    else if (c === '!') i = source.indexOf('\n', i) === -1 ? source.length : source.indexOf('\n', i);
    else if (c === '[') i = source.indexOf(']', i) === -1 ? source.length : source.indexOf(']', i) + 1;
    else if (c === '"') {
      let value = '';
      let j = i + 1;
      const startLine = line;
      for (;;) {
        const q = source.indexOf('"', j);
        if (q === -1) throw new ImportError(file, `line ${startLine}`, 'text', 'a quoted text is not closed');
        value += source.slice(j, q);
        if (source[q + 1] !== '"') {
          j = q + 1;
          break;
        }
        value += '"';
        j = q + 2;
      }
      line += (value.match(/\n/g) ?? []).length;
      out.push({ kind: 'string', value, line: startLine });
      i = j;
    } else if (c === '<') {
      const end = source.indexOf('>', i);
      out.push({ kind: 'flag', value: source.slice(i + 1, end === -1 ? i + 1 : end), line });
      i = end === -1 ? source.length : end + 1;
    } else {
      NUMBER.lastIndex = WORD.lastIndex = i;
      const m = NUMBER.exec(source) ?? WORD.exec(source);
      if (!m) throw new ImportError(file, `line ${line}`, '(text)', `unexpected "${c}"`);
      if (m[0] !== '' && /^[-+.\d]/.test(m[0])) out.push({ kind: 'number', value: m[0], line });
      i += m[0].length;
    }
  }
  return out;
}

/** The tiers of the TextGrid text `source`; `file` names it in messages. */
export function readTextGrid(source: string, file: string): TierDocument {
  const list = tokens(source, file);
  let k = 0;
  const take = (kind: Token['kind'], what: string): Token => {
    const t = list[k++];
    const line = t ? `line ${t.line}` : 'end of file';
    if (!t || t.kind !== kind)
      throw new ImportError(file, line, what, `expected ${kind === 'flag' ? 'a <flag>' : `a ${kind}`}`);
    return t;
  };
  const ms = (what: string): number => {
    const t = take('number', what);
    const v = Number(t.value);
    if (!Number.isFinite(v) || v < 0) throw new ImportError(file, `line ${t.line}`, what, `${t.value} is not a time`);
    return Math.round(v * 1000);
  };
  const count = (what: string): number => {
    const t = take('number', what);
    if (!/^\d+$/.test(t.value)) throw new ImportError(file, `line ${t.line}`, what, `${t.value} is not a count`);
    return Number(t.value);
  };
  const fileType = take('string', 'File type');
  if (!fileType.value.startsWith('ooTextFile')) {
    throw new ImportError(file, 'line 1', 'File type', `"${fileType.value}": only Praat's text formats are read`);
  }
  const objectClass = take('string', 'Object class');
  if (!/^TextGrid\b/.test(objectClass.value)) {
    throw new ImportError(file, `line ${objectClass.line}`, 'Object class', `"${objectClass.value}" is not a TextGrid`);
  }
  ms('xmin');
  const durationMs = ms('xmax');
  const tiers: Tier[] = [];
  const notes: string[] = [];
  if (take('flag', 'tiers?').value === 'exists') {
    const size = count('size');
    for (let n = 1; n <= size; n++) {
      const kind = take('string', `item [${n}] class`);
      const name = take('string', `item [${n}] name`).value;
      ms(`tier "${name}" xmin`);
      ms(`tier "${name}" xmax`);
      const items = count(`tier "${name}" size`);
      if (kind.value === 'TextTier') {
        for (let p = 0; p < items; p++) (ms(`tier "${name}" points [${p + 1}] number`), take('string', 'mark'));
        notes.push(`tier "${name}" is a point tier (TextTier): its ${items} points are not intervals, left out`);
        continue;
      }
      if (kind.value !== 'IntervalTier') {
        throw new ImportError(file, `line ${kind.line}`, `item [${n}] class`, `"${kind.value}" is not a tier class`);
      }
      const tier: Tier = { name, intervals: [] };
      for (let p = 1; p <= items; p++) {
        const site = `tier "${name}", intervals [${p}]`;
        const startMs = ms(`${site} xmin`);
        const endMs = ms(`${site} xmax`);
        const text = take('string', `${site} text`);
        if (endMs < startMs) throw new ImportError(file, `line ${text.line}`, `${site} xmax`, 'ends before it starts');
        if (text.value !== '')
          tier.intervals.push({ startMs, endMs, text: text.value, site: `line ${text.line}, ${site}` });
      }
      tiers.push(tier);
    }
  }
  return { durationMs, tiers, ...(notes.length ? { notes } : {}) };
}
