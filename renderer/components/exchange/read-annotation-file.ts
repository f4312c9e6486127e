/**
 * An ELAN, Praat or Audacity file the user picked, read as text in the renderer: UTF-8, or UTF-16 after its byte-order
 * mark (Praat writes TextGrids either way), refused when empty, not text, or longer than annotations.import takes.
 * Faults read like the main side's import errors: file, record, field, problem.
 */

/** The most characters annotations.import takes (its `content` in shared/methods/annotation-files.ts). */
export const MAX_IMPORT_CHARS = 1_000_000;

/** UTF-8 spends at most 4 bytes on a character: a bigger file cannot be within MAX_IMPORT_CHARS. */
const MAX_IMPORT_BYTES = 4 * MAX_IMPORT_CHARS;

/** The text of `file`, or an Error naming the file and what is wrong with it. */
export async function readAnnotationFile(file: File): Promise<string> {
  const fault = (field: string, problem: string) => new Error(`${file.name}: (file): ${field}: ${problem}`);
  if (file.size === 0) throw fault('(size)', 'the file is empty');
  if (file.size > MAX_IMPORT_BYTES) throw fault('(size)', `${file.size} bytes, more than an import takes`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const utf16 =
    bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : null;
  let text: string;
  try {
    text = new TextDecoder(utf16 ?? 'utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, '');
  } catch {
    throw fault('(text)', `not well-formed ${utf16 ? 'UTF-16' : 'UTF-8'} text`);
  }
  if (text.length > MAX_IMPORT_CHARS) {
    throw fault('(size)', `${text.length} characters, more than the ${MAX_IMPORT_CHARS} an import takes`);
  }
  if (text.trim() === '') throw fault('(text)', 'the file holds only white space');
  return text;
}
