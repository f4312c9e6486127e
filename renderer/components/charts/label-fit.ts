/**
 * Room for axis labels, so no plot cuts its labels at either window size: a label margin that grows with the labels
 * but leaves the plot most of the width (longer labels end in "…", whole on hover), and the left margin that labels
 * rotated under a heatmap need.
 */

/** Approximate width of one character of an 11 px label (capitals and digits run wider: see textPx). */
const CHAR_PX = 6.3;

/** Approximate width of an 11 px label: capitals and digits 7.4 px, other characters CHAR_PX. */
export function textPx(label: string): number {
  let px = 0;
  for (const c of label) px += /[A-Z0-9]/.test(c) ? 7.4 : CHAR_PX;
  return px;
}
/** Label margins take at most this share of the figure's width. */
const MAX_SHARE = 0.42;

/** The left margin for these labels in a figure `width` wide: their width, between `min` px and MAX_SHARE of it. */
export function labelMargin(labels: readonly string[], width: number, min = 60): number {
  const widest = 16 + Math.max(0, ...labels.map(textPx));
  return Math.ceil(Math.max(min, Math.min(widest, width * MAX_SHARE)));
}

/** `label` cut with "…" to fit a margin of `margin` px (ticks and padding included). */
export function fitLabel(label: string, margin: number): string {
  const room = margin - 16;
  if (textPx(label) <= room) return label;
  const chars = [...label];
  while (chars.length > 3 && textPx(`${chars.join('')}…`) > room) chars.pop();
  return `${chars.join('')}…`;
}

/** Gives every cut tick label of `svg`'s y axis its whole text as a tooltip. */
export function titleCutLabels(svg: SVGSVGElement, whole: readonly string[], margin: number): void {
  const byShown = new Map(whole.map((w) => [fitLabel(w, margin), w]));
  for (const text of svg.querySelectorAll('[aria-label="y-axis tick label"] text')) {
    const full = byShown.get(text.textContent ?? '');
    if (full === undefined || full === text.textContent) continue;
    const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    title.textContent = full;
    text.append(title);
  }
}

/**
 * The left margin x labels rotated by `degrees` (anchored at their end, running down to the left) need so the first
 * columns' labels stay inside the figure: at least `min`, at most half the width.
 */
export function rotatedLabelsMargin(
  labels: readonly string[],
  width: number,
  min: number,
  degrees = 35,
  right = 20,
): number {
  const cos = Math.cos((degrees * Math.PI) / 180);
  let margin = min;
  for (let pass = 0; pass < 3; pass++) {
    const column = (width - margin - right) / Math.max(1, labels.length);
    const need = Math.max(0, ...labels.map((l, i) => textPx(l) * cos + 10 - (i + 0.5) * column));
    margin = Math.min(width / 2, Math.max(min, Math.ceil(need)));
  }
  return margin;
}
