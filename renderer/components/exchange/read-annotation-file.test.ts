import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_CHARS, readAnnotationFile } from './read-annotation-file';

const file = (name: string, bytes: Uint8Array<ArrayBuffer> | string) => new File([bytes], name);

describe('readAnnotationFile', () => {
  it('reads UTF-8 and UTF-16 after its byte-order mark (as Praat writes a TextGrid with non-ASCII text)', async () => {
    expect(await readAnnotationFile(file('a.txt', '1.000000\t2.500000\tcafé\n'))).toBe('1.000000\t2.500000\tcafé\n');
    // "é" is U+00E9: FF FE, then each UTF-16LE code unit low byte first
    const le = new Uint8Array([0xff, 0xfe, 0x63, 0x00, 0x61, 0x00, 0x66, 0x00, 0xe9, 0x00]);
    expect(await readAnnotationFile(file('g.TextGrid', le))).toBe('café');
    const be = new Uint8Array([0xfe, 0xff, 0x00, 0x63, 0x00, 0xe9]);
    expect(await readAnnotationFile(file('g.TextGrid', be))).toBe('cé');
  });

  it('refuses, naming the file and the fault, bytes that are not text, an empty file and one too long', async () => {
    // 0xC3 opens a two-byte UTF-8 sequence that 0x28 ("(") cannot continue
    await expect(readAnnotationFile(file('bad.eaf', new Uint8Array([0x3c, 0xc3, 0x28])))).rejects.toThrow(
      'bad.eaf: (file): (text): not well-formed UTF-8 text',
    );
    await expect(readAnnotationFile(file('empty.eaf', ''))).rejects.toThrow(
      'empty.eaf: (file): (size): the file is empty',
    );
    await expect(readAnnotationFile(file('blank.txt', ' \n\t'))).rejects.toThrow(
      'blank.txt: (file): (text): the file holds only white space',
    );
    const long = 'x'.repeat(MAX_IMPORT_CHARS + 1);
    await expect(readAnnotationFile(file('long.txt', long))).rejects.toThrow(
      `long.txt: (file): (size): ${MAX_IMPORT_CHARS + 1} characters, more than the ${MAX_IMPORT_CHARS} an import takes`,
    );
    expect(await readAnnotationFile(file('full.txt', long.slice(1)))).toHaveLength(MAX_IMPORT_CHARS);
  });
});
