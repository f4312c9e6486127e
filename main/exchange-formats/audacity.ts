/**
 * Audacity label tracks (Audacity manual, "Importing and Exporting Labels"): one label per line,
 * `start<TAB>end<TAB>label` in seconds; in the extended form a label with a spectral selection is followed by a line
 * `\<TAB>low<TAB>high` giving its frequency band in Hz (the backslash makes older Audacity versions skip it).
 */
import { ImportError } from '../importers/batch';
import type { Interval } from './tiers';

/** Reads a label track; `file` names it in errors, and a label longer than `maxTextChars` is refused. */
export function readAudacityLabels(content: string, file: string, maxTextChars: number): Interval[] {
  const labels: Interval[] = [];
  content.split(/\r?\n/).forEach((line, i) => {
    const site = `line ${i + 1}`;
    const number = (value: string | undefined, field: string, what: string): number => {
      const n = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
      if (!Number.isFinite(n) || n < 0) throw new ImportError(file, site, field, `expected ${what}`);
      return n;
    };
    if (line.trim() === '') return;
    if (line.startsWith('\\')) {
      const [, low, high] = line.split('\t');
      const previous = labels[labels.length - 1];
      // Audacity writes the band line only under its label; one anywhere else says nothing of a label.
      if (!previous || previous.band) return;
      const lowHz = number(low, 'low', 'a frequency in Hz');
      const highHz = number(high, 'high', 'a frequency in Hz');
      if (highHz < lowHz) throw new ImportError(file, site, 'high', 'the band ends below where it starts');
      previous.band = { lowHz, highHz };
      return;
    }
    const [start, end, ...rest] = line.split('\t');
    const startMs = Math.round(number(start, 'start', 'a time in seconds') * 1000);
    const endMs = Math.round(number(end ?? start, 'end', 'a time in seconds') * 1000);
    if (endMs < startMs) throw new ImportError(file, site, 'end', 'ends before it starts');
    const text = rest.join('\t');
    if (text.length > maxTextChars) {
      throw new ImportError(file, site, 'text', `${text.length} characters, more than the ${maxTextChars} allowed`);
    }
    labels.push({ startMs, endMs, text, site });
  });
  return labels;
}

const seconds = (ms: number): string => (ms / 1000).toFixed(6);

/**
 * A label track as Audacity writes one: times with six decimals, tabs and line breaks inside a label written as
 * spaces (the format has no escape for them), the band line under each label that has a band.
 */
export function writeAudacityLabels(labels: readonly Interval[]): string {
  return labels
    .map((l) => {
      const line = `${seconds(l.startMs)}\t${seconds(l.endMs)}\t${l.text.replace(/[\t\r\n]+/g, ' ')}`;
      return l.band ? `${line}\n\\\t${l.band.lowHz.toFixed(6)}\t${l.band.highHz.toFixed(6)}` : line;
    })
    .map((l) => `${l}\n`)
    .join('');
}
