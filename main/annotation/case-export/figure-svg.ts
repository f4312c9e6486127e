/** Writes a figure as SVG text; every piece of text is escaped, so a turn's text or a note stays data. */
import type { Figure, Shape } from './figure';

/** Escapes text for XML and HTML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const num = (n: number) => String(Math.round(n * 10) / 10);

function shapeSvg(s: Shape): string {
  switch (s.kind) {
    case 'rect': {
      const opacity = s.opacity === undefined ? '' : ` fill-opacity="${num(s.opacity)}"`;
      const attrs = `x="${num(s.x)}" y="${num(s.y)}" width="${num(s.w)}" height="${num(s.h)}" fill="${s.fill}"${opacity}`;
      return s.title ? `<rect ${attrs}><title>${escapeXml(s.title)}</title></rect>` : `<rect ${attrs}/>`;
    }
    case 'line':
      return (
        `<line x1="${num(s.x1)}" y1="${num(s.y1)}" x2="${num(s.x2)}" y2="${num(s.y2)}" stroke="${s.stroke}" ` +
        `stroke-width="${num(s.width)}"/>`
      );
    case 'text':
      return (
        `<text x="${num(s.x)}" y="${num(s.y)}" font-size="${num(s.size)}" fill="${s.fill}" ` +
        `text-anchor="${s.anchor}">${escapeXml(s.text)}</text>`
      );
  }
}

/** The figure as a standalone SVG document (usable inline in HTML too). */
export function figureSvg(f: Figure): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${f.width}" height="${f.height}" ` +
      `viewBox="0 0 ${f.width} ${f.height}" font-family="Helvetica, Arial, sans-serif" role="img">`,
    `<title>${escapeXml(f.title)}</title>`,
    `<rect x="0" y="0" width="${f.width}" height="${f.height}" fill="${f.background}"/>`,
    ...f.shapes.map(shapeSvg),
    '</svg>',
  ].join('\n');
}
