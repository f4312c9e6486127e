/** The three annotation-file formats behind one door: telling them apart, decoding the bytes, reading and writing. */
import { ImportError } from '../importers/batch';
import type { AnnotationFormat } from '../../shared/types/annotation-files';
import { readEaf } from './eaf-read';
import { writeEaf, type EafMeta } from './eaf-write';
import { readTextGrid } from './textgrid-read';
import { writeTextGrid } from './textgrid-write';
import { readAudacityLabels, writeAudacityLabels } from './audacity';
import { labelsToTiers, tiersToLabels } from './audacity-tiers';
import type { TierDocument } from './tiers';

/** What a format's files are called and served as. */
export const FORMAT_FILES: Record<AnnotationFormat, { extension: string; mime: string; tool: string }> = {
  eaf: { extension: '.eaf', mime: 'application/xml', tool: 'ELAN' },
  textgrid: { extension: '.TextGrid', mime: 'text/plain', tool: 'Praat' },
  audacity: { extension: '.txt', mime: 'text/plain', tool: 'Audacity' },
};

/** Praat has no labelled interval with empty text (that is a gap): an empty turn or region is written as this. */
export const TEXTGRID_EMPTY = '-';

/** Longest label an Audacity track may hold: a tier name, ": " and a turn's text. */
const MAX_LABEL_CHARS = 200_400;

/** The format of a file from its name, or else from its first characters; null when neither tells. */
export function formatOf(fileName: string, text: string): AnnotationFormat | null {
  const lower = fileName.toLowerCase();
  const byName = (Object.keys(FORMAT_FILES) as AnnotationFormat[]).find((f) =>
    lower.endsWith(FORMAT_FILES[f].extension.toLowerCase()),
  );
  if (byName) return byName;
  const head = text
    .replace(/^\ufeff/, '')
    .trimStart()
    .slice(0, 400);
  if (
    /^<\?xml[^>]*\?>\s*(<!--[\s\S]*?-->\s*)*<ANNOTATION_DOCUMENT\b/.test(head) ||
    head.startsWith('<ANNOTATION_DOCUMENT')
  )
    return 'eaf';
  if (/^File type = "ooTextFile/.test(head)) return 'textgrid';
  if (/^\d+(\.\d+)?\t\d+(\.\d+)?(\t|\r?\n|$)/.test(head)) return 'audacity';
  return null;
}

/**
 * The text of a file's bytes: UTF-8, or UTF-16 with its byte-order mark (Praat writes UTF-16 when a text is not
 * ASCII). Bytes that are not well-formed text are refused, never turned into U+FFFD.
 */
export function decodeAnnotationBytes(bytes: Uint8Array, file: string): string {
  const utf16 =
    bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : null;
  try {
    return new TextDecoder(utf16 ?? 'utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, '');
  } catch {
    throw new ImportError(file, '(file)', '(text)', `not well-formed ${utf16 ? 'UTF-16' : 'UTF-8'} text`);
  }
}

/** The tiers of a file in `format`, and the text that stands for an empty label in it. */
export function readAnnotationText(
  text: string,
  file: string,
  format: AnnotationFormat,
): { doc: TierDocument; emptyText?: string } {
  if (format === 'eaf') return { doc: readEaf(text, file) };
  if (format === 'textgrid') return { doc: readTextGrid(text, file), emptyText: TEXTGRID_EMPTY };
  return { doc: labelsToTiers(readAudacityLabels(text, file, MAX_LABEL_CHARS)) };
}

/** The text of `doc` in `format` (`meta` fills ELAN's header). */
export function writeAnnotationText(doc: TierDocument, format: AnnotationFormat, meta: EafMeta): string {
  if (format === 'eaf') return writeEaf(doc, meta);
  if (format === 'textgrid') return writeTextGrid(doc);
  return writeAudacityLabels(tiersToLabels(doc));
}

/** The text an empty label is written as in `format`. */
export const emptyTextOf = (format: AnnotationFormat): string => (format === 'textgrid' ? TEXTGRID_EMPTY : '');
