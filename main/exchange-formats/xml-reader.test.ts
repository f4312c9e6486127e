import { describe, expect, it } from 'vitest';
import { escapeXml, parseXml } from './xml-reader';

describe('the exchange files’ XML reader', () => {
  it('reads elements, attributes, predefined and numeric entities, CDATA and comments, with lines', () => {
    const root = parseXml(
      '<?xml version="1.0"?>\n<!-- a comment -->\n<A x="1 &amp; 2" y=\'&#x3c;\'>\n  <B>a &lt;b&gt; &#233;</B><C/>\n' +
        '  <B><![CDATA[<script>x</script>]]></B>\n</A>\n',
      'f.eaf',
    );
    expect(root.name).toBe('A');
    expect(root.attributes).toEqual({ x: '1 & 2', y: '<' });
    expect(root.children.map((c) => c.name)).toEqual(['B', 'C', 'B']);
    expect(root.children[0].text).toBe('a <b> é');
    expect(root.children[2].text).toBe('<script>x</script>');
    expect(root.children[0].line).toBe(4);
    expect(root.children[2].line).toBe(5);
  });

  it('refuses a DOCTYPE, so no entity can read a file or expand (XXE, billion laughs)', () => {
    const xxe = '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<r>&x;</r>';
    expect(() => parseXml(xxe, 'evil.eaf')).toThrow(/evil\.eaf: line 2: \(xml\): a DOCTYPE or declaration is refused/);
    const laughs = '<!DOCTYPE l [<!ENTITY a "ha"><!ENTITY b "&a;&a;">]><l>&b;</l>';
    expect(() => parseXml(laughs, 'l.eaf')).toThrow(/DOCTYPE/);
  });

  it('refuses entities XML does not define and malformed markup, naming the line', () => {
    expect(() => parseXml('<r>\n&nbsp;</r>', 'f')).toThrow(
      /f: line 2: \(xml\): the entity &nbsp; is not one of XML's own/,
    );
    expect(() => parseXml('<r>a & b</r>', 'f')).toThrow(/"&" not starting an entity/);
    expect(() => parseXml('<r><a></b></r>', 'f')).toThrow(/<\/b> does not close <a>/);
    expect(() => parseXml('<r>', 'f')).toThrow(/<r> is not closed/);
    expect(() => parseXml('<r/><s/>', 'f')).toThrow(/a second root element/);
    expect(() => parseXml('<r a="1" a="2"/>', 'f')).toThrow(/attribute a given twice/);
    expect(() => parseXml('', 'f')).toThrow(/no root element/);
  });

  it('escapes text so that markup in it reads back as the same text', () => {
    const hostile = `<script>alert("x")</script> & 'y' =HYPERLINK("http://e")`;
    const root = parseXml(`<r a="${escapeXml(hostile)}">${escapeXml(hostile)}</r>`, 'f');
    expect(root.text).toBe(hostile);
    expect(root.attributes.a).toBe(hostile);
    expect(root.children).toEqual([]);
  });
});
