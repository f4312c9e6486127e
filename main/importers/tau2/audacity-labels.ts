/** Audacity label tracks: one label per line, `start<TAB>end<TAB>text`, times in seconds. */
import { ImportError } from '../batch';
import { MAX_TURN_TEXT_CHARS } from '../limits';
import { lineOf } from '../utf8';

/** One label of a track. */
export interface AudacityLabel {
  startMs: number;
  endMs: number;
  text: string;
}

const LABEL_FIELDS = ['start', 'end', 'text'];

/** The site of a fault in a label track's text that stops at the fault: the line and its column (start, end, text). */
export function labelSite(before: string): { record: string; field: string } {
  const line = before.slice(before.lastIndexOf('\n') + 1);
  const tabs = line.split('\t').length - 1;
  return { record: `line ${lineOf(before)}`, field: LABEL_FIELDS[Math.min(tabs, LABEL_FIELDS.length - 1)] };
}

/**
 * Parses a label track; `file` names it in errors. Spectral-selection lines (starting with a backslash) are skipped; a
 * label is a turn's text, so one longer than a turn's text may be is refused.
 */
export function parseAudacityLabels(content: string, file: string): AudacityLabel[] {
  const labels: AudacityLabel[] = [];
  content.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '' || line.startsWith('\\')) return;
    const [start, end, ...rest] = line.split('\t');
    const seconds = (value: string | undefined, field: string): number => {
      const n = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
      if (!Number.isFinite(n) || n < 0) throw new ImportError(file, `line ${i + 1}`, field, 'expected a time in seconds');
      return Math.round(n * 1000);
    };
    const startMs = seconds(start, 'start');
    const endMs = seconds(end ?? start, 'end');
    if (endMs < startMs) throw new ImportError(file, `line ${i + 1}`, 'end', 'ends before it starts');
    const text = rest.join('\t').trim();
    if (text.length > MAX_TURN_TEXT_CHARS) {
      const problem = `${text.length} characters, more than the ${MAX_TURN_TEXT_CHARS} a turn may have`;
      throw new ImportError(file, `line ${i + 1}`, 'text', problem);
    }
    labels.push({ startMs, endMs, text });
  });
  return labels;
}
