/**
 * File names from names people wrote: letters of every script kept (a study "τ-Voice" saves as `τ-voice…`), only
 * what file systems refuse replaced.
 */

/** Characters Windows, macOS or Linux refuse in a file name, besides control characters. */
const REFUSED = new Set(['<', '>', ':', '"', '/', '\\', '|', '?', '*']);

/** True for a character no file name should hold: a refused one, a control character, or whitespace. */
const unfit = (c: string): boolean => REFUSED.has(c) || c.charCodeAt(0) < 0x20 || c === '\u007f' || /\s/u.test(c);

/** Names Windows keeps for devices, whatever the extension. */
const DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
/** At most this many characters, well inside every file system's 255 bytes even in scripts of 3-byte letters. */
const MAX_CHARS = 80;

/**
 * A file-name part from `text`: lower case (NFC), runs of refused characters and whitespace as one dash, no leading or
 * trailing dash, dot or space, a device name suffixed with `_`, at most 80 characters; '' when nothing is left.
 */
export function fileNamePart(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .toLowerCase()
    .split('')
    .map((c) => (unfit(c) ? '-' : c))
    .join('')
    .replace(/-{2,}/g, '-')
    .replace(/^[-. ]+|[-. ]+$/g, '');
  const short = [...cleaned]
    .slice(0, MAX_CHARS)
    .join('')
    .replace(/[-. ]+$/, '');
  return DEVICE.test(short) ? `${short}_` : short;
}
