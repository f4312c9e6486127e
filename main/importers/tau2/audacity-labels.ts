/** Audacity label tracks: one label per line, `start<TAB>end<TAB>text`, times in seconds. */
import { ImportError } from '../batch';
import { MAX_TURN_TEXT_CHARS } from '../limits';

/** One label of a track. */
export interface AudacityLabel {
  startMs: number;
  endMs: number;
  text: string;
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
