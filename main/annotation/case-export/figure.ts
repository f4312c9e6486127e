/** A figure as plain shapes in pixel coordinates, drawn the same way as SVG (figure-svg.ts) and PNG (figure-png.ts). */

/** A filled rectangle; `title` becomes the SVG tooltip. */
export interface RectShape {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
  opacity?: number;
  title?: string;
}

/** A straight line. */
export interface LineShape {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  stroke: string;
  width: number;
}

/** A line of text; `y` is its baseline. */
export interface TextShape {
  kind: 'text';
  x: number;
  y: number;
  text: string;
  size: number;
  fill: string;
  anchor: 'start' | 'middle' | 'end';
}

/** One drawable shape. */
export type Shape = RectShape | LineShape | TextShape;

/** A whole figure: its size, background, title (for SVG's <title>) and shapes in drawing order. */
export interface Figure {
  width: number;
  height: number;
  background: string;
  title: string;
  shapes: Shape[];
}
