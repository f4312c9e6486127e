/**
 * The pass json-stream.ts runs over a JSON document's bytes: a state machine that follows the top level and the one
 * streamed array, tracks strings and brackets inside values, and refuses what breaks a limit or the document's shape,
 * reading back the start of the value or element at fault to name its record and field.
 */
import { readSync } from 'node:fs';
import { ImportError } from './batch';
import { formatSize } from './file-size';
import { jsonFieldAt } from './json-guard';
import type { ByteRange, OutlineOptions } from './json-stream';
import { MAX_FIELD_CHARS, MAX_JSON_DEPTH } from './limits';
import { decodeUtf8 } from './utf8';

const [TAB, LF, CR, SPACE] = [0x09, 0x0a, 0x0d, 0x20];
const [QUOTE, BACKSLASH, COMMA, COLON, LETTER_U] = [0x22, 0x5c, 0x2c, 0x3a, 0x75];
const [OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY] = [0x7b, 0x7d, 0x5b, 0x5d];

/** Where the pass is in the document's top level (inside a value or element, the nesting stack says the rest). */
const enum At {
  Start,
  FirstKey,
  Key,
  InKey,
  Colon,
  Value,
  InValue,
  AfterValue,
  FirstElement,
  Element,
  InElement,
  AfterElement,
  End,
}

/** Bytes read back from the start of an element to name it when the field does not matter. */
const RECORD_BYTES = 64 * 1024;

/** Longest key kept, in bytes: enough for any key a reader asks for; longer keys are told apart by their start only. */
const KEY_BYTES = 256;

const isSpace = (b: number) => b === SPACE || b === LF || b === CR || b === TAB;

/** Bytes a number, `true`, `false` or `null` is written with (which of them form a valid one, JSON.parse says). */
const SCALAR = new Uint8Array(256);
for (const c of '0123456789+-.eEtrufalsn') SCALAR[c.charCodeAt(0)] = 1;

/** Bytes a value can start with. */
const STARTS_VALUE = new Uint8Array(256);
for (const c of '-0123456789tfn"{[') STARTS_VALUE[c.charCodeAt(0)] = 1;

/** The pass itself: fed the file's bytes in order; reads back what it needs to name a fault. */
export class Outliner {
  readonly fields = new Map<string, ByteRange>();
  readonly elements: ByteRange[] = [];
  /** Whether the last value under the streamed key is an array. */
  hasArray = false;
  private at = At.Start;
  private depth = 0;
  private readonly closers = new Uint8Array(MAX_JSON_DEPTH + 1);
  private inString = false;
  private escaped = false;
  private hexLeft = 0;
  private chars = 0;
  private stringAt = 0;
  private key: number[] = [];
  private keyName = '';
  /** Start of the field value or element being read, or -1. */
  private valueAt = -1;
  private scalar = false;
  private fieldBytes = 0;

  constructor(
    private readonly fd: number,
    private readonly file: string,
    private readonly options: OutlineOptions,
  ) {}

  /** Reads bytes `from` … `to` − 1 of `buf`, which lie at file offset `base` onwards. */
  feed(buf: Uint8Array, from: number, to: number, base: number): void {
    for (let i = from; i < to; i++) {
      const b = buf[i];
      if (this.inString) {
        if (this.hexLeft > 0) this.hexLeft--;
        else if (this.escaped) {
          this.escaped = false;
          if (b === LETTER_U) this.hexLeft = 4;
        } else if (b === QUOTE) this.closeString(base + i);
        else if (b === BACKSLASH) {
          this.escaped = true;
          this.countChar(1);
        } else if ((b & 0xc0) !== 0x80) this.countChar(b >= 0xf0 ? 2 : 1);
        if (this.at === At.InKey && this.inString && this.key.length < KEY_BYTES) this.key.push(b);
        continue;
      }
      if (this.scalar) {
        if (SCALAR[b]) continue;
        this.scalar = false;
        this.valueEnds(base + i);
      }
      if (this.at === At.InValue || this.at === At.InElement) this.nested(b, base + i);
      else if (!isSpace(b)) this.top(b, base + i);
    }
    this.checkSizes(base + to);
  }

  /** The end of the file, at offset `size`: the document must be complete. */
  finish(size: number): void {
    if (this.scalar) this.valueEnds(size);
    if (this.at === At.End) return;
    const problem =
      size === 0 ? 'the file is empty' : `the file ends at byte ${size.toLocaleString('en-US')}, inside the document`;
    throw this.fault(size, `${problem}: it is cut short (truncated)`);
  }

  /** Invalid UTF-8 at file offset `offset`, whose bytes start `bytes`. */
  invalidUtf8(offset: number, bytes: Uint8Array): never {
    const { record, field } = this.site(offset);
    decodeUtf8(bytes, this.file, () => ({ record, field }), offset);
    throw new Error('unreachable: the bytes were found invalid');
  }

  private countChar(n: number): void {
    this.chars += n;
    if (this.chars > MAX_FIELD_CHARS) {
      throw this.fault(this.stringAt, `a string longer than the ${MAX_FIELD_CHARS} characters a field may have`);
    }
  }

  private openString(offset: number): void {
    this.inString = true;
    this.chars = 0;
    this.stringAt = offset;
  }

  private closeString(offset: number): void {
    this.inString = false;
    if (this.at === At.InKey) {
      this.keyName = keyText(this.key);
      this.at = At.Colon;
    } else if (this.depth === this.watchedDepth()) this.valueEnds(offset + 1);
  }

  /** Depth of the container whose values are outlined: the root object, or the streamed array. */
  private watchedDepth(): number {
    return this.at === At.InElement ? 2 : 1;
  }

  /** A byte inside a value or element that is an array or object: only strings and brackets matter here. */
  private nested(b: number, offset: number): void {
    if (b === QUOTE) this.openString(offset);
    else if (b === OPEN_OBJECT || b === OPEN_ARRAY) this.push(b, offset);
    else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
      this.pop(b, offset);
      if (this.depth === this.watchedDepth()) this.valueEnds(offset + 1);
    }
  }

  private push(b: number, offset: number): void {
    if (this.depth >= MAX_JSON_DEPTH) {
      throw this.fault(offset, `arrays and objects nested more than ${MAX_JSON_DEPTH} levels deep`);
    }
    this.closers[this.depth++] = b === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY;
  }

  private pop(b: number, offset: number): void {
    if (this.closers[--this.depth] !== b) {
      throw this.fault(offset, `not valid JSON (a ${String.fromCharCode(b)} that closes nothing open)`);
    }
  }

  /** A byte of the document's top level or of the streamed array, outside any value; white space is skipped. */
  private top(b: number, offset: number): void {
    switch (this.at) {
      case At.Start:
        if (b !== OPEN_OBJECT) throw this.unexpected(b, offset, 'the document must be an object');
        this.push(b, offset);
        this.at = At.FirstKey;
        return;
      case At.FirstKey:
      case At.Key:
        if (b === QUOTE) {
          this.key = [];
          this.at = At.InKey;
          this.openString(offset);
        } else if (b === CLOSE_OBJECT && this.at === At.FirstKey) this.closeRoot(b, offset);
        else throw this.unexpected(b, offset, 'a key was expected');
        return;
      case At.Colon:
        if (b !== COLON) throw this.unexpected(b, offset, 'a colon was expected');
        this.at = At.Value;
        return;
      case At.Value:
        if (!STARTS_VALUE[b]) throw this.unexpected(b, offset, 'a value was expected');
        if (this.keyName === this.options.arrayKey && b === OPEN_ARRAY) {
          this.push(b, offset);
          this.elements.length = 0;
          this.hasArray = true;
          this.at = At.FirstElement;
        } else this.startValue(b, offset, At.InValue);
        return;
      case At.AfterValue:
        if (b === COMMA) this.at = At.Key;
        else if (b === CLOSE_OBJECT) this.closeRoot(b, offset);
        else throw this.unexpected(b, offset, 'a comma or } was expected');
        return;
      case At.FirstElement:
      case At.Element:
        if (b === CLOSE_ARRAY && this.at === At.FirstElement) this.closeArray(b, offset);
        else if (!STARTS_VALUE[b]) throw this.unexpected(b, offset, 'an element was expected');
        else this.startValue(b, offset, At.InElement);
        return;
      case At.AfterElement:
        if (b === COMMA) this.at = At.Element;
        else if (b === CLOSE_ARRAY) this.closeArray(b, offset);
        else throw this.unexpected(b, offset, 'a comma or ] was expected');
        return;
      default:
        throw this.unexpected(b, offset, 'nothing may follow the document');
    }
  }

  private startValue(b: number, offset: number, inside: At.InValue | At.InElement): void {
    this.at = inside;
    this.valueAt = offset;
    if (b === QUOTE) this.openString(offset);
    else if (b === OPEN_OBJECT || b === OPEN_ARRAY) this.push(b, offset);
    else this.scalar = true;
  }

  /** The value or element being read ends before offset `end`. */
  private valueEnds(end: number): void {
    const range = { start: this.valueAt, end };
    if (this.at === At.InElement) {
      this.checkElement(end);
      this.elements.push(range);
      this.at = At.AfterElement;
    } else {
      this.fieldBytes += end - range.start;
      this.checkFields(end);
      this.fields.set(this.keyName, range);
      if (this.keyName === this.options.arrayKey) this.hasArray = false;
      this.at = At.AfterValue;
    }
    this.valueAt = -1;
  }

  private closeArray(b: number, offset: number): void {
    this.pop(b, offset);
    this.fields.delete(this.options.arrayKey);
    this.at = At.AfterValue;
  }

  private closeRoot(b: number, offset: number): void {
    this.pop(b, offset);
    this.at = At.End;
  }

  private checkSizes(offset: number): void {
    if (this.at === At.InElement) this.checkElement(offset);
    else if (this.at === At.InValue) this.checkFields(offset, this.fieldBytes + offset - this.valueAt);
  }

  private checkElement(offset: number): void {
    const { bytes, kind } = this.options.elementLimit;
    if (offset - this.valueAt > bytes) {
      throw this.fault(offset, `takes more than the ${formatSize(bytes)} ${kind} may have`, '(size)');
    }
  }

  private checkFields(offset: number, total = this.fieldBytes): void {
    const { bytes, kind } = this.options.fieldsLimit;
    if (total > bytes) {
      const beside = `the fields beside "${this.options.arrayKey}"`;
      const problem = `${beside} take more than the ${formatSize(bytes)} ${kind} may have`;
      throw this.fault(offset, problem, '(size)');
    }
  }

  private unexpected(b: number, offset: number, expected: string): ImportError {
    const shown = b >= 0x21 && b < 0x7f ? String.fromCharCode(b) : `byte 0x${b.toString(16).padStart(2, '0')}`;
    return this.fault(offset, `not valid JSON (${shown} at byte ${offset.toLocaleString('en-US')}: ${expected})`);
  }

  private fault(offset: number, problem: string, field?: string): ImportError {
    // naming the record alone needs only the start of the element (where its id is)
    const site = this.site(field === undefined ? offset : Math.min(offset, this.valueAt + RECORD_BYTES));
    return new ImportError(this.file, site.record, field ?? site.field, problem);
  }

  /** The record and field a fault at `offset` lies in, read back from the start of its value or element. */
  private site(offset: number): { record: string; field: string } {
    if (this.valueAt < 0) return { record: 'file', field: '(json)' };
    const before = this.text(this.valueAt, offset);
    if (this.at === At.InElement) {
      const index = this.elements.length;
      const prefix = this.options.fieldsFromTop ? [this.options.arrayKey, index] : [];
      return { record: this.options.elementRecord(index, before), field: jsonFieldAt(before, before.length, prefix) };
    }
    return { record: 'file', field: jsonFieldAt(`{${JSON.stringify(this.keyName)}:${before}`) };
  }

  private text(start: number, end: number): string {
    const bytes = Buffer.alloc(end - start);
    const n = readSync(this.fd, bytes, 0, bytes.length, start);
    return bytes.subarray(0, n).toString('utf8');
  }
}

/** A key's text from its bytes as written (escapes included). */
function keyText(bytes: number[]): string {
  const raw = Buffer.from(bytes).toString('utf8');
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}
