/** Text of the agreement report: numbers and intervals as printed, and names from data or users as Markdown text. */
import type { BootstrapInterval } from '../../shared/types/bootstrap-interval';
import { fixedDecimals } from '../../shared/fixed-decimals';

/** A number with 3 decimals (never "-0.000"), or an en dash when undefined. */
export function fmt(x: number | null | undefined): string {
  return x === null || x === undefined || !Number.isFinite(x) ? '–' : fixedDecimals(x, 3);
}

/** "0.712 [0.601, 0.805]". */
export function fmtInterval(i: Pick<BootstrapInterval, 'estimate' | 'low' | 'high'> | null): string {
  return i ? `${fmt(i.estimate)} [${fmt(i.low)}, ${fmt(i.high)}]` : '–';
}

/** Characters of a name that Markdown would read as markup; `\` among them, so a name's own cannot cancel an escape. */
const MARKDOWN_SPECIAL = /[\\`*_[\]|~]/g;
const MARKDOWN_ESCAPED = /\\([\\`*_[\]|~])/g;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const DECODED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>' };

/**
 * A name that comes from imported data or a user (study, annotator, field, category, group, mapping, reference) as
 * literal Markdown text: `&`, `<`, `>` as entities (no HTML, no autolink), `\`, backticks, `*`, `_`, `[`, `]`, `|`
 * and `~` backslash-escaped, line breaks as spaces (a name cannot end a table row or start a block).
 */
export function mdText(name: string): string {
  return name
    .replace(/[\r\n]+/g, ' ')
    .replace(/[&<>]/g, (c) => ENTITIES[c])
    .replace(MARKDOWN_SPECIAL, '\\$&');
}

/** The plain text of Markdown written with mdText (the HTML report escapes it for HTML instead). */
export function mdPlain(text: string): string {
  return text.replace(MARKDOWN_ESCAPED, '$1').replace(/&(amp|lt|gt);/g, (_, e: string) => DECODED[e]);
}
