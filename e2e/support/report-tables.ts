/**
 * Reads the tables of a downloaded agreement report, Markdown (pipe tables) or HTML (`<table>`), as rows of cell
 * texts, and the "estimate [low, high]" figures in them, so a spec compares a report with the CLI's numbers.
 */

/** One table: its heading row and its body rows, each a list of cell texts. */
export interface ReportTable {
  head: string[];
  rows: string[][];
}

/** A figure as printed: "0.714 [0.000, 1.000]" (an en dash for an undefined bound stays NaN). */
export interface PrintedInterval {
  estimate: number;
  low: number;
  high: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

function markdownTables(text: string): ReportTable[] {
  const tables: ReportTable[] = [];
  let lines: string[][] = [];
  const flush = () => {
    if (lines.length)
      tables.push({ head: lines[0], rows: lines.slice(1).filter((r) => !r.every((c) => /^-+$/.test(c))) });
    lines = [];
  };
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      flush();
      continue;
    }
    const cells = line
      .slice(1, line.endsWith('|') ? -1 : undefined)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1'));
    lines.push(cells);
  }
  flush();
  return tables;
}

function htmlText(cell: string): string {
  return cell
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (m, e: string) => ENTITIES[e] ?? m)
    .trim();
}

function htmlTables(text: string): ReportTable[] {
  return [...text.matchAll(/<table[^>]*>([\s\S]*?)<\/table>/g)].map(([, body]) => {
    const rows = [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) =>
      [...row.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) => htmlText(cell)),
    );
    return { head: rows[0] ?? [], rows: rows.slice(1) };
  });
}

/** The report's tables in document order. */
export function reportTables(text: string, format: 'markdown' | 'html'): ReportTable[] {
  return format === 'markdown' ? markdownTables(text) : htmlTables(text);
}

/** Parses "0.714 [0.000, 1.000]" (a minus sign may be "-" or "−"). */
export function printedInterval(cell: string): PrintedInterval {
  const m = /^(\S+) \[(\S+), (\S+)\]$/.exec(cell.trim());
  if (!m) throw new Error(`not an estimate with its interval: "${cell}"`);
  const num = (s: string) => Number(s.replace('−', '-'));
  return { estimate: num(m[1]), low: num(m[2]), high: num(m[3]) };
}
