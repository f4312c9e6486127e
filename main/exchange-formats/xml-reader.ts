/**
 * A small XML reader for exchange files: elements, attributes, text, CDATA, comments and processing instructions.
 * It runs nothing and fetches nothing: a DOCTYPE (and so any entity declaration) is refused, and the only entities are
 * XML's five predefined ones and numeric character references.
 */
import { ImportError } from '../importers/batch';

/** An element with its attributes, child elements, the text directly inside it, and the line its tag starts on. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME = /[A-Za-z_:][-\w.:]*/y;
const ATTRIBUTE = /\s+([A-Za-z_:][-\w.:]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const TAG_END = /\s*(\/?)>/y;

/** Reads `source` (the text of `file`) into its root element; a fault is an ImportError naming the line. */
export function parseXml(text: string, file: string): XmlElement {
  const source = text.replace(/\r\n?/g, '\n'); // XML's end-of-line handling
  let pos = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  let lineMark = 0;
  let line = 1;
  const lineAt = (at: number): number => {
    for (let i = source.indexOf('\n', lineMark); i !== -1 && i < at; i = source.indexOf('\n', i + 1)) line++;
    lineMark = Math.max(lineMark, at);
    return line;
  };
  const fail = (at: number, problem: string): never => {
    throw new ImportError(file, `line ${lineAt(at)}`, '(xml)', problem);
  };
  const decode = (raw: string, at: number): string =>
    raw.replace(/&([^;&\s]*);?/g, (whole, name: string, offset: number) => {
      if (!whole.endsWith(';')) return fail(at + offset, `"&" not starting an entity (write &amp;)`);
      if (PREDEFINED[name]) return PREDEFINED[name];
      const code = /^#x([0-9a-f]+)$/i.exec(name)
        ? parseInt(name.slice(2), 16)
        : /^#\d+$/.test(name)
          ? Number(name.slice(1))
          : NaN;
      if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
        return fail(at + offset, `the entity &${name}; is not one of XML's own (no DOCTYPE may declare others)`);
      }
      return String.fromCodePoint(code);
    });
  const skipTo = (marker: string, from: number, what: string): number => {
    const end = source.indexOf(marker, from);
    if (end === -1) fail(from, `${what} is not closed`);
    return end + marker.length;
  };

  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (pos < source.length) {
    const lt = source.indexOf('<', pos);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > pos) {
      const text = source.slice(pos, textEnd);
      if (stack.length) stack[stack.length - 1].text += decode(text, pos);
      else if (text.trim()) fail(pos, 'text outside the root element');
    }
    if (lt === -1) break;
    pos = lt;
    if (source.startsWith('<?', pos)) pos = skipTo('?>', pos, 'a processing instruction');
    else if (source.startsWith('<!--', pos)) pos = skipTo('-->', pos, 'a comment');
    else if (source.startsWith('<![CDATA[', pos)) {
      const end = skipTo(']]>', pos, 'a CDATA section');
      if (!stack.length) fail(pos, 'CDATA outside the root element');
      stack[stack.length - 1].text += source.slice(pos + 9, end - 3);
      pos = end;
    } else if (source.startsWith('<!', pos)) {
      fail(pos, 'a DOCTYPE or declaration is refused (entities could read files or grow without bound)');
    } else if (source.startsWith('</', pos)) {
      NAME.lastIndex = pos + 2;
      const name = NAME.exec(source)?.[0];
      const open = stack.pop();
      if (!name || !open || open.name !== name) fail(pos, `</${name ?? ''}> does not close <${open?.name ?? ''}>`);
      pos = skipTo('>', pos, `</${name}>`);
    } else {
      NAME.lastIndex = pos + 1;
      const name = NAME.exec(source)?.[0] ?? fail(pos, '"<" not starting a tag (write &lt;)');
      if (root && !stack.length) fail(pos, 'a second root element');
      const element: XmlElement = { name, attributes: {}, children: [], text: '', line: lineAt(pos) };
      let at = NAME.lastIndex;
      for (ATTRIBUTE.lastIndex = at; ; ATTRIBUTE.lastIndex = at) {
        const m = ATTRIBUTE.exec(source);
        if (!m) break;
        if (Object.hasOwn(element.attributes, m[1])) fail(at, `attribute ${m[1]} given twice on <${name}>`);
        element.attributes[m[1]] = decode(m[2] ?? m[3], at);
        at = ATTRIBUTE.lastIndex;
      }
      TAG_END.lastIndex = at;
      const end = TAG_END.exec(source) ?? fail(at, `<${name}> has a malformed attribute or no ">"`);
      if (stack.length) stack[stack.length - 1].children.push(element);
      else root = element;
      if (!end[1]) stack.push(element);
      pos = TAG_END.lastIndex;
    }
  }
  if (stack.length) fail(source.length, `<${stack[stack.length - 1].name}> is not closed`);
  return root ?? fail(0, 'no root element');
}

/** Characters XML 1.0 cannot hold at all, not even as references. */
// eslint-disable-next-line no-control-regex -- these are exactly the characters to drop
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Escapes text for an XML element or a double-quoted attribute (characters XML cannot hold are dropped). */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/[<>&"']/g, (c) => `&${Object.keys(PREDEFINED).find((k) => PREDEFINED[k] === c)};`);
}
