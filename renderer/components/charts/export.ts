/** Downloads from the renderer without Node: figures as SVG or PNG, tables as CSV or Markdown, all through Blob URLs. */
import { fileNamePart } from '../../../shared/file-name';

/** Saves a blob under `name` through a temporary link (the browser's or Electron's download). */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves text with a MIME type. */
export function downloadText(text: string, name: string, type: string): void {
  downloadBlob(new Blob([text], { type: `${type};charset=utf-8` }), name);
}

/** The SVG as a standalone document (XML declaration, namespaces). */
export function svgMarkup(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('xmlns:xlink', 'http://www.w3.org/1999/xlink');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

/** Saves the SVG as `name`. */
export function downloadSvg(svg: SVGSVGElement, name: string): void {
  downloadText(svgMarkup(svg), name, 'image/svg+xml');
}

/** Rasterises the SVG at `scale` × its size and saves it as a PNG. */
export async function downloadPng(svg: SVGSVGElement, name: string, scale = 2): Promise<void> {
  const width = Number(svg.getAttribute('width'));
  const height = Number(svg.getAttribute('height'));
  const url = URL.createObjectURL(new Blob([svgMarkup(svg)], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    image.decoding = 'sync';
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('the figure could not be rasterised'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.scale(scale, scale);
    ctx.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('the PNG could not be encoded');
    downloadBlob(blob, name);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A file name from parts joined by `_`: lower case, letters of every script kept, what file systems refuse as `-`. */
export function fileName(parts: readonly string[], extension: string): string {
  const stem = parts.map(fileNamePart).filter(Boolean).join('_');
  return `${stem || 'earshot'}.${extension}`;
}
