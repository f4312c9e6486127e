import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../../../test-support/temp-files';
import { readDocument, readQaSet } from './qa-file';

afterAll(removeTempDirs);

describe('the document and QA set of a generated DSB-DG set', () => {
  it('refuses a file that is not UTF-8, naming the file and the line', () => {
    const dir = tempDir('earshot-qa-');
    writeFileSync(join(dir, 'policy.txt'), Buffer.from('Opening hours\nCaf\xe9 closes at five.\n', 'latin1'));
    writeFileSync(join(dir, 'qa.jsonl'), Buffer.from('{"question":"Caf\xe9?"}\n', 'latin1'));
    expect(() => readDocument(join(dir, 'policy.txt'))).toThrow(/^policy\.txt: line 2: \(text\): invalid UTF-8 at byte 17/);
    expect(() => readQaSet(join(dir, 'qa.jsonl'))).toThrow(/^qa\.jsonl: line 1: \(text\): invalid UTF-8 at byte 16/);
  });

  it('reads a UTF-8 document without its byte-order mark', () => {
    const dir = tempDir('earshot-qa-');
    writeFileSync(join(dir, 'policy.txt'), '\ufeffCafé closes at five.\r\n');
    expect(readDocument(join(dir, 'policy.txt'))).toBe('Café closes at five.');
  });
});
