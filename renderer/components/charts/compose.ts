/** Wraps a plot's SVG with its title and a legend in one self-contained SVG: what the view shows is exactly what exports. */
import type { ChartTheme } from './theme';

/** One legend entry: a swatch colour and its label. */
export interface LegendItem {
  label: string;
  color: string;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Approximate width of a label at 11 px (no layout pass needed). */
const textWidth = (s: string): number => s.length * 6.4;

/** Room kept right of a title's first line for the figure's SVG and PNG buttons, which the view lays over it. */
const BUTTONS_PX = 130;

/** `text` broken at spaces into lines of at most `first` characters, then `rest`. */
function wrap(text: string, first: number, rest: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const limit = lines.length === 0 ? first : rest;
    if (line && line.length + 1 + word.length > limit) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** A figure SVG: background, title (wrapped clear of the buttons) and subtitle, legend rows, then the plot below. */
export function composeFigure(plot: SVGSVGElement, theme: ChartTheme, title: string, legend: readonly LegendItem[] = [], subtitle?: string): SVGSVGElement {
  const width = Number(plot.getAttribute('width')) || 640;
  const plotHeight = Number(plot.getAttribute('height')) || 400;
  const root = el('svg', { xmlns: SVG_NS, width, 'font-family': theme.font, 'font-size': 11 });
  const titleChars = (px: number) => Math.max(12, Math.floor(px / 7.6));
  const titleLines = wrap(title, titleChars(width - 16 - BUTTONS_PX), titleChars(width - 16));
  const header: SVGElement[] = titleLines.map((line, i) => el('text', { x: 8, y: 17 + i * 17, fill: theme.text, 'font-size': 13, 'font-weight': 600 }, line));
  let y = 24 + (titleLines.length - 1) * 17;
  if (subtitle) {
    header.push(el('text', { x: 8, y: y + 12, fill: theme.muted }, subtitle));
    y += 16;
  }
  let x = 8;
  if (legend.length) y += 6;
  for (const item of legend) {
    const w = 16 + textWidth(item.label) + 14;
    if (x + w > width - 8 && x > 8) {
      x = 8;
      y += 16;
    }
    header.push(el('rect', { x, y: y + 2, width: 10, height: 10, rx: 2, fill: item.color }));
    header.push(el('text', { x: x + 15, y: y + 11, fill: theme.text }, item.label));
    x += w;
  }
  y += legend.length ? 20 : 6;
  const height = y + plotHeight;
  root.setAttribute('height', String(height));
  root.setAttribute('viewBox', `0 0 ${width} ${height}`);
  root.append(el('rect', { x: 0, y: 0, width, height, fill: theme.background }), ...header);
  plot.setAttribute('x', '0');
  plot.setAttribute('y', String(y));
  root.append(plot);
  return root;
}
