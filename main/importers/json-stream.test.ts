import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../../test-support/temp-files';
import { ImportError } from './batch';
import { leadingStringField } from './json-stream-key';
import { outlineJson, type OutlineOptions } from './json-stream';
import { readJsonElement, readJsonFields } from './json-stream-read';
import { MAX_FIELD_CHARS, MAX_JSON_DEPTH } from './limits';

afterAll(removeTempDirs);

const MiB = 1024 * 1024;
const options: OutlineOptions = {
  arrayKey: 'items',
  elementLimit: { bytes: 4 * MiB, kind: 'an item' },
  fieldsLimit: { bytes: 4 * MiB, kind: 'a test file' },
  elementRecord: (index, before) =>
    `item ${index + 1}${leadingStringField(before, 'id') ? ` (${leadingStringField(before, 'id')})` : ''}`,
};

const write = (content: string | Uint8Array): string => {
  const path = join(tempDir('earshot-json-stream-'), 'doc.json');
  writeFileSync(path, content);
  return path;
};

/** Outlines the file and reads back everything, as the importer would. */
function readBack(path: string, opts = options) {
  const outline = outlineJson(path, 'doc.json', opts);
  const items = outline.elements.map((_, i) => readJsonElement(path, 'doc.json', outline, i, () => `item ${i + 1}`));
  return { outline, fields: readJsonFields(path, 'doc.json', outline), items };
}

/** The ImportError outlining `content` throws. */
function refusal(content: string | Uint8Array, opts = options): ImportError {
  try {
    outlineJson(write(content), 'doc.json', opts);
  } catch (err) {
    if (err instanceof ImportError) return err;
    throw err;
  }
  throw new Error('the document was not refused');
}

const where = (e: ImportError) => [e.file, e.record, e.field];

describe('outlineJson + reads (a document read one value at a time)', () => {
  it('gives back exactly what JSON.parse of the whole document gives, fields before and after the array', () => {
    // strings with quotes, backslashes, brackets and multi-byte characters, elements of every kind, and a string
    // that straddles the 1 MiB chunk boundary with a 4-byte character cut across it
    const doc = {
      before: { a: [1, 2, { b: 'x"}]{[' }], c: null },
      items: [
        { id: 'one', text: 'a \\ "quoted" ] } [ { text', n: -1.5e3, t: true, f: false, z: null, e: [], o: {} },
        'a bare string',
        42,
        null,
        [[['deep']]],
        { id: 'emoji', text: '😀 é 中'.repeat(120_000) },
        { id: 'big', pad: 'x'.repeat(1_200_000 - 7), tail: '😀😀😀' },
      ],
      after: 'tasks may come last',
      items2: [1],
    };
    const text = JSON.stringify(doc, null, 1);
    const { outline, fields, items } = readBack(write(text));
    expect(items).toEqual(doc.items);
    expect(fields).toEqual({ before: doc.before, after: doc.after, items2: [1] });
    expect(outline.elements).toHaveLength(7);
    expect(Buffer.byteLength(text)).toBeGreaterThan(2 * MiB); // three chunks
  });

  it('reads a document with a byte-order mark, no array, an empty array, or the array given as null', () => {
    expect(readBack(write('\ufeff{"a":1,"items":[]}')).fields).toEqual({ a: 1 });
    expect(readBack(write('{"a":[1]}')).items).toEqual([]);
    expect(readBack(write('{}')).fields).toEqual({});
    expect(readBack(write(' {"items" : null } ')).fields).toEqual({ items: null });
    expect(readBack(write('{"items":[1 , 2 ,3]}')).items).toEqual([1, 2, 3]);
    expect(readBack(write('{"\\u0069tems":[5]}')).items).toEqual([5]);
  });

  it('tells whether the document’s last value under the key is an array (an empty one counts; null does not)', () => {
    const hasArray = (text: string) => outlineJson(write(text), 'doc.json', options).hasArray;
    const arrays = ['{"items":[]}', '{"a":1,"items":[2]}', '{"items":null,"items":[1]}'];
    expect(arrays.map(hasArray)).toEqual([true, true, true]);
    expect(['{}', '{"items":null}', '{"items":{"a":[]}}', '{"items":[1],"items":"x"}'].map(hasArray)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('names a field inside an element from the document’s top when asked to', () => {
    const bomb = '{"a":'.repeat(100) + '1' + '}'.repeat(100);
    const e = refusal(`{"items":[{"id":"fine"},{"id":"b","x":${bomb}}]}`, { ...options, fieldsFromTop: true });
    expect(where(e)).toEqual(['doc.json', 'item 2 (b)', 'items[1].x.a.a.a.a.a…']);
  });

  it('refuses nesting past the limit, naming the element by its id and the field', () => {
    // depth counts from the document: the root object and the array are two levels
    const bomb = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const ok = `{"items":[{"id":"fine"},{"id":"b","x":${bomb(MAX_JSON_DEPTH - 3)}}]}`;
    expect(readBack(write(ok)).items).toHaveLength(2);
    const e = refusal(`{"items":[{"id":"fine"},{"id":"b","x":${bomb(100_000)}}]}`);
    expect(where(e)).toEqual(['doc.json', 'item 2 (b)', 'x.a.a.a.a.a.a.a…']);
    expect(e.problem).toBe(`arrays and objects nested more than ${MAX_JSON_DEPTH} levels deep`);
    const inField = refusal(`{"info":${bomb(100)},"items":[]}`);
    expect(where(inField)).toEqual(['doc.json', 'file', 'info.a.a.a.a.a.a.a…']);
  });

  it('refuses a string past the field limit, counting characters as JavaScript does', () => {
    // 8 Mi characters exactly is allowed; a 4-byte character counts 2 (a surrogate pair), an escape counts 1
    const atLimit = 'é'.repeat(MAX_FIELD_CHARS - 3) + '\\u0041😀';
    const bigOptions = { ...options, elementLimit: { bytes: 64 * MiB, kind: 'an item' } };
    const path = write(`{"items":[{"id":"a","s":"${atLimit}"}]}`);
    expect((readBack(path, bigOptions).items[0] as { s: string }).s).toHaveLength(MAX_FIELD_CHARS);
    const e = refusal(
      `{"items":[{"id":"a"},{"id":"b","turns":[{"text":"${'x'.repeat(MAX_FIELD_CHARS + 1)}"}]}]}`,
      bigOptions,
    );
    expect(where(e)).toEqual(['doc.json', 'item 2 (b)', 'turns[0].text']);
    expect(e.problem).toBe(`a string longer than the ${MAX_FIELD_CHARS} characters a field may have`);
  });

  it('refuses an element or the other fields past their size, naming the element', () => {
    const small = {
      ...options,
      elementLimit: { bytes: 100, kind: 'an item' },
      fieldsLimit: { bytes: 50, kind: 'a test file' },
    };
    const e = refusal(`{"items":[{"id":"a"},{"id":"b","pad":"${'x'.repeat(200)}"}]}`, small);
    expect(where(e)).toEqual(['doc.json', 'item 2 (b)', '(size)']);
    expect(e.problem).toBe('takes more than the 100 bytes an item may have');
    const f = refusal(`{"a":"${'x'.repeat(30)}","items":[],"b":"${'y'.repeat(30)}"}`, small);
    expect(where(f)).toEqual(['doc.json', 'file', '(size)']);
  });

  it('refuses a truncated document naming the element, field and byte where it stops', () => {
    const text = '{"items":[{"id":"a","t":[1,2]},{"id":"b","turns":[{"text":"hel';
    const e = refusal(text);
    expect(where(e)).toEqual(['doc.json', 'item 2 (b)', 'turns[0].text']);
    expect(e.problem).toBe(`the file ends at byte ${text.length}, inside the document: it is cut short (truncated)`);
    expect(where(refusal('{"a":1,'))).toEqual(['doc.json', 'file', '(json)']);
    expect(refusal('').problem).toBe('the file is empty: it is cut short (truncated)');
    expect(where(refusal('{"a":{"b":[1'))).toEqual(['doc.json', 'file', 'a.b[0]']);
  });

  it('refuses invalid UTF-8 naming the element, the field and the byte offset', () => {
    const head = Buffer.from('{"items":[{"id":"a"},{"id":"b","text":"caf');
    const e = refusal(Buffer.concat([head, Buffer.from([0xc3, 0x28]), Buffer.from('"}]}')]));
    expect(where(e)).toEqual(['doc.json', 'item 2 (b)', 'text']);
    expect(e.problem).toMatch(new RegExp(`^invalid UTF-8 at byte ${head.length} of the file \\(c3 28 22 7d\\)`));
    // a sequence cut by the end of the file, and one cut across the chunk boundary then broken
    const cut = refusal(Buffer.concat([Buffer.from('{"items":["'), Buffer.from([0xe2, 0x82])]));
    expect(cut.problem).toMatch(/^invalid UTF-8 at byte 11 of the file \(e2 82\)/);
    const pad = Buffer.from(`{"items":[{"id":"c","pad":"${'x'.repeat(MiB - 28)}`);
    const across = refusal(Buffer.concat([pad, Buffer.from([0xf0, 0x9f, 0x98, 0x41]), Buffer.from('"}]}')]));
    expect(where(across)).toEqual(['doc.json', 'item 1 (c)', 'pad']);
    expect(across.problem).toMatch(new RegExp(`^invalid UTF-8 at byte ${pad.length.toLocaleString('en-US')} of`));
  });

  it('refuses a document whose top level is not an object of keys and values', () => {
    for (const [text, problem] of [
      ['[1]', 'not valid JSON ([ at byte 0: the document must be an object)'],
      ['{"a" 1}', 'not valid JSON (1 at byte 5: a colon was expected)'],
      ['{"a":1 "b":2}', 'not valid JSON (" at byte 7: a comma or } was expected)'],
      ['{"items":[1,]}', 'not valid JSON (] at byte 12: an element was expected)'],
      ['{"items":[1 2]}', 'not valid JSON (2 at byte 12: a comma or ] was expected)'],
      ['{"a":}', 'not valid JSON (} at byte 5: a value was expected)'],
      ['{"a":1} x', 'not valid JSON (x at byte 8: nothing may follow the document)'],
    ]) {
      const e = refusal(text);
      expect([e.record, e.problem]).toEqual(['file', problem]);
    }
    expect(refusal('{"items":[{"id":"q","a":[}]}').problem).toBe('not valid JSON (a } that closes nothing open)');
  });

  it('leaves syntax inside a value to JSON.parse, which names the element when it is read', () => {
    const path = write('{"items":[{"id":"a"},{"id":"b","x":[1,,2]}]}');
    const outline = outlineJson(path, 'doc.json', options);
    const record = (text: string) => `item 2 (${leadingStringField(text, 'id')})`;
    expect(() => readJsonElement(path, 'doc.json', outline, 1, record)).toThrow(
      /^doc\.json: item 2 \(b\): \(json\): not valid JSON \(.*; it starts at byte 21 of the file\)$/,
    );
  });

  it('refuses to read a range of a file that changed after it was outlined', () => {
    const path = write('{"items":[{"id":"a"}]}');
    const outline = outlineJson(path, 'doc.json', options);
    writeFileSync(path, '{"items":[{"id":"b"},{"id":"c"}]}');
    expect(() => readJsonElement(path, 'doc.json', outline, 0, () => 'item 1')).toThrow(
      /changed while it was being imported/,
    );
  });
});

describe('leadingStringField', () => {
  it('finds the top-level key in text that may be cut short, and nothing nested or unfinished', () => {
    expect(leadingStringField('{"task":{"id":"no"},"id":"yes","x":', 'id')).toBe('yes');
    expect(leadingStringField('{"i\\u0064" : "esc\\"aped"}', 'id')).toBe('esc"aped');
    expect(leadingStringField('{"id":"cut sho', 'id')).toBeNull();
    expect(leadingStringField('{"id":7}', 'id')).toBeNull();
    expect(leadingStringField('["id","x"]', 'id')).toBeNull();
    expect(leadingStringField('{"name":"id","v":"id"}', 'id')).toBeNull();
  });
});
