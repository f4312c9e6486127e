/**
 * Draws a figure into an RGBA raster and encodes it as PNG, without a browser or native library: rectangles with
 * their opacity, lines of their width, and text in the 5×7 pixel font (characters it lacks are left blank).
 * `scale` draws at that many pixels per figure unit (2 for a sharp appendix figure).
 */
import type { Figure, Shape, TextShape } from './figure';
import { GLYPH_H, GLYPH_W, glyph } from './pixel-font';
import { encodePng } from '../../util/png';

/** An RGBA raster being drawn. */
interface Raster {
  width: number;
  height: number;
  px: Uint8Array;
}

/** The [r, g, b] of a `#rrggbb` colour. */
export function parseHex(colour: string): [number, number, number] {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) throw new RangeError(`figure colour ${colour} is not #rrggbb`);
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
}

function fillRect(r: Raster, x0: number, y0: number, x1: number, y1: number, rgb: number[], alpha: number): void {
  const [xa, xb] = [Math.max(0, Math.round(x0)), Math.min(r.width, Math.round(x1))];
  const [ya, yb] = [Math.max(0, Math.round(y0)), Math.min(r.height, Math.round(y1))];
  for (let y = ya; y < yb; y++) {
    for (let x = xa; x < xb; x++) {
      const i = (y * r.width + x) * 4;
      for (let c = 0; c < 3; c++) r.px[i + c] = Math.round(r.px[i + c] * (1 - alpha) + rgb[c] * alpha);
      r.px[i + 3] = 255;
    }
  }
}

function drawLine(r: Raster, s: Extract<Shape, { kind: 'line' }>, k: number, rgb: number[]): void {
  const half = Math.max(1, s.width * k) / 2;
  const steps = Math.max(1, Math.ceil(Math.hypot(s.x2 - s.x1, s.y2 - s.y1) * k));
  for (let i = 0; i <= steps; i++) {
    const x = (s.x1 + ((s.x2 - s.x1) * i) / steps) * k;
    const y = (s.y1 + ((s.y2 - s.y1) * i) / steps) * k;
    fillRect(r, x - half, y - half, x + half, y + half, rgb, 1);
  }
}

function drawText(r: Raster, s: TextShape, k: number, rgb: number[]): void {
  const dot = Math.max(1, Math.round((s.size * k) / 9));
  const width = s.text.length * (GLYPH_W + 1) * dot - dot;
  const left = s.x * k - (s.anchor === 'middle' ? width / 2 : s.anchor === 'end' ? width : 0);
  const top = s.y * k - GLYPH_H * dot;
  [...s.text].forEach((ch, i) => {
    const rows = glyph(ch);
    if (!rows) return;
    const gx = left + i * (GLYPH_W + 1) * dot;
    rows.forEach((row, y) =>
      row.forEach(
        (on, x) => on && fillRect(r, gx + x * dot, top + y * dot, gx + (x + 1) * dot, top + (y + 1) * dot, rgb, 1),
      ),
    );
  });
}

/** The figure drawn at `scale` as RGBA pixels. */
export function rasterize(f: Figure, scale = 2): Raster {
  const r: Raster = {
    width: f.width * scale,
    height: f.height * scale,
    px: new Uint8Array(f.width * scale * f.height * scale * 4),
  };
  fillRect(r, 0, 0, r.width, r.height, parseHex(f.background), 1);
  for (const s of f.shapes) {
    if (s.kind === 'rect') {
      const rgb = parseHex(s.fill);
      fillRect(r, s.x * scale, s.y * scale, (s.x + s.w) * scale, (s.y + s.h) * scale, rgb, s.opacity ?? 1);
    } else if (s.kind === 'line') drawLine(r, s, scale, parseHex(s.stroke));
    else drawText(r, s, scale, parseHex(s.fill));
  }
  return r;
}

/** The figure as a PNG file drawn at `scale`. */
export function figurePng(f: Figure, scale = 2): Buffer {
  const r = rasterize(f, scale);
  return encodePng(r.width, r.height, r.px);
}
