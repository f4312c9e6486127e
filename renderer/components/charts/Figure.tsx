/** One figure of the Results view: draws a plot at the pane's width in the current theme, with SVG and PNG export. */
import { useEffect, useRef, useState } from 'react';
import { useApp } from '../../store';
import { composeFigure } from './compose';
import { downloadPng, downloadSvg, fileName } from './export';
import type { DrawnPlot } from './plots';
import { readChartTheme, type ChartTheme } from './theme';

/** Props of a figure: an id (test ids, file names), a title, and a function that draws the plot or returns null when there is nothing to draw. */
export interface FigureProps {
  id: string;
  title: string;
  subtitle?: string;
  draw: (theme: ChartTheme, width: number) => DrawnPlot | null;
  /** Shown instead of the plot when `draw` returns null. */
  empty?: string;
  /** Takes the whole row of the figure grid (a heatmap of many categories). */
  wide?: boolean;
}

/** A titled, themed, exportable plot. */
export function Figure({ id, title, subtitle, draw, empty, wide = false }: FigureProps) {
  const host = useRef<HTMLDivElement>(null);
  const theme = useApp((s) => s.theme);
  const study = useApp((s) => s.metrics?.study.name ?? 'study');
  const [width, setWidth] = useState(0);
  const [svg, setSvg] = useState<SVGSVGElement | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth((w) => (Math.abs(w - entry.contentRect.width) > 8 ? Math.floor(entry.contentRect.width) : w)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = host.current;
    if (!el || width < 200) return;
    // The theme attribute is set by App's effect, which runs after ours: draw on the next frame, when the CSS variables are current.
    const frame = requestAnimationFrame(() => {
      try {
        const chartTheme = readChartTheme();
        const drawn = draw(chartTheme, Math.min(width, 1100));
        el.replaceChildren();
        if (!drawn) {
          setSvg(null);
          return;
        }
        const figure = composeFigure(drawn.svg, chartTheme, title, drawn.legend, subtitle);
        el.append(figure);
        setSvg(figure);
        setFailure(null);
      } catch (err) {
        setFailure((err as Error).message);
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [draw, width, theme, title, subtitle]);

  return (
    <figure className={`metrics-figure${wide ? ' wide' : ''}`} data-testid={`figure-${id}`} data-drawn={svg ? 'true' : 'false'}>
      {svg && (
        <div className="figure-actions">
          <button type="button" data-testid={`export-svg-${id}`} onClick={() => downloadSvg(svg, fileName([study, id], 'svg'))}>SVG</button>
          <button type="button" data-testid={`export-png-${id}`} onClick={() => downloadPng(svg, fileName([study, id], 'png')).catch((err: Error) => setFailure(err.message))}>PNG</button>
        </div>
      )}
      <div ref={host} className="figure-plot" />
      {!svg && !failure && empty && <p className="figure-empty"><strong>{title}</strong>: {empty}</p>}
      {failure && <p className="error" role="alert">{title}: {failure}</p>}
    </figure>
  );
}
