/** Audacity label tracks: one label per line, `start<TAB>end<TAB>text`, times in seconds. */
import { readAudacityLabels } from '../../exchange-formats/audacity';
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
 * Parses a label track (main/exchange-formats/audacity.ts reads it); `file` names it in errors. The frequency bands of
 * the extended form are dropped; a label is a turn's text, so one longer than a turn's text may be is refused.
 */
export function parseAudacityLabels(content: string, file: string): AudacityLabel[] {
  return readAudacityLabels(content, file, MAX_TURN_TEXT_CHARS).map((l) => ({
    startMs: l.startMs,
    endMs: l.endMs,
    text: l.text.trim(),
  }));
}
