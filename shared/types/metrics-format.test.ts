import { describe, expect, it } from 'vitest';
import { formatCell, tableToCsv, tableToMarkdown, tableToText } from './metrics-format';
import type { MetricsTable } from './metrics';

const table: MetricsTable = {
  id: 't',
  section: 's',
  title: 'Success | rate',
  columns: [
    { key: 'system', label: 'system', format: 'text' },
    { key: 'success', label: 'success n/N', format: 'text' },
    { key: 'successRate', label: 'success', format: 'rate' },
    { key: 'p', label: 'p', format: 'p' },
  ],
  rows: [
    { system: 'gemini, "high"', success: '103/200', successRate: 0.515, p: 0.00001234 },
    { system: 'grok', success: '0/0', successRate: null, p: 0.0386 },
  ],
  note: 'a note',
};

describe('metrics table formats', () => {
  it('formats cells for display', () => {
    expect(formatCell(0.515, 'rate')).toBe('0.515');
    expect(formatCell(2 / 3, 'num')).toBe('0.667');
    expect(formatCell(-0.0001, 'num')).toBe('0.000');
    expect(formatCell(1516.666, 'ms')).toBe('1517');
    expect(formatCell(158 / 4096, 'p')).toBe('0.0386');
    expect(formatCell(2.728e-10, 'p')).toBe('2.73e-10');
    expect(formatCell(null, 'rate')).toBe('–');
    expect(formatCell(Infinity, 'ms')).toBe('∞');
  });

  it('writes CSV with keys as header, raw values, quoting and CRLF', () => {
    expect(tableToCsv(table)).toBe('system,success,successRate,p\r\n"gemini, ""high""",103/200,0.515,0.00001234\r\ngrok,0/0,,0.0386\r\n');
  });

  it('writes text cells that start like a formula as text (OWASP) and negative numbers as numbers', () => {
    const hostile: MetricsTable = {
      ...table,
      columns: [
        { key: 'system', label: 'system', format: 'text' },
        { key: 'gap', label: 'gap', format: 'num' },
      ],
      rows: [
        { system: '=HYPERLINK("http://127.0.0.1/x")', gap: -0.25 },
        { system: '+1', gap: -0 },
        { system: '-1', gap: Number.NaN },
        { system: '@SUM(A1)', gap: null },
        { system: '\tx', gap: 1e-7 },
        { system: '\rx', gap: 3 },
        { system: 'a-b', gap: -Infinity },
      ],
    };
    expect(tableToCsv(hostile).split('\r\n')).toEqual([
      'system,gap',
      `"'=HYPERLINK(""http://127.0.0.1/x"")",-0.25`,
      `"'+1",0`,
      `"'-1",`,
      `"'@SUM(A1)",`,
      `"'\tx",1e-7`,
      `"'\rx",3`,
      'a-b,',
      '',
    ]);
  });

  it('writes Markdown with labels, display values, escaped pipes and right-aligned numbers', () => {
    expect(tableToMarkdown(table)).toBe(
      [
        '### Success \\| rate',
        '',
        '| system | success n/N | success | p |',
        '| :--- | :--- | ---: | ---: |',
        '| gemini, "high" | 103/200 | 0.515 | 1.23e-5 |',
        '| grok | 0/0 | – | 0.0386 |',
        '',
        '_a note_',
        '',
      ].join('\n'),
    );
  });

  it('writes aligned text for the command line', () => {
    expect(tableToText(table).split('\n').slice(1, 3)).toEqual(['system          success n/N  success        p', 'gemini, "high"  103/200        0.515  1.23e-5']);
  });
});
