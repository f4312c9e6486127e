/**
 * Draws the time axis under the waveform inside wavesurfer's scrolling wrapper, so it scrolls and zooms with the
 * waveform; only the marks in view (and a margin) are in the page, so a long call at full zoom stays cheap.
 */
import type WaveSurfer from 'wavesurfer.js';
import { axisMarks, type AxisMark } from './time-axis';

/** Height of the axis in px. */
const AXIS_PX = 18;
/** Marks drawn beyond each side of the view, in px, so a scroll shows no gap before the next frame. */
const MARGIN_PX = 120;
/** A label closer than this to the end of the call is written to the left of its notch, so it is not cut. */
const LABEL_ROOM_PX = 44;

function notch(mark: AxisMark, left: number, width: number): HTMLDivElement {
  const el = document.createElement('div');
  const labelled = mark.label !== null;
  // The part names of wavesurfer's own timeline, so the axis is styled and found the same way.
  el.setAttribute('part', `timeline-notch timeline-notch-${labelled ? 'primary' : 'tick'}`);
  Object.assign(el.style, {
    position: 'absolute',
    left: `${left}px`,
    bottom: '0',
    height: labelled ? '100%' : '35%',
    borderLeft: '1px solid currentColor',
    opacity: labelled ? '1' : '0.35',
    lineHeight: `${AXIS_PX}px`,
  });
  if (labelled) {
    el.setAttribute('data-testid', 'time-axis-label');
    el.textContent = mark.label;
    const nearEnd = left > width - LABEL_ROOM_PX;
    Object.assign(
      el.style,
      nearEnd
        ? {
            paddingRight: '3px',
            transform: 'translateX(-100%)',
            borderLeft: 'none',
            borderRight: '1px solid currentColor',
          }
        : { paddingLeft: '3px' },
    );
  }
  return el;
}

/** Adds the axis for a call of `durationS` seconds, drawn in `colour`; returns what removes it. */
export function attachTimeAxis(ws: WaveSurfer, durationS: number, colour: string): () => void {
  const wrapper = ws.getWrapper();
  const axis = document.createElement('div');
  axis.setAttribute('part', 'timeline');
  axis.setAttribute('data-testid', 'time-axis');
  Object.assign(axis.style, {
    position: 'relative',
    height: `${AXIS_PX}px`,
    fontSize: '10px',
    color: colour,
    pointerEvents: 'none',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
  });
  wrapper.append(axis);
  let frame = 0;
  const draw = () => {
    frame = 0;
    const width = wrapper.scrollWidth;
    if (!width || !(durationS > 0)) return;
    const pxPerSec = width / durationS;
    const from = (ws.getScroll() - MARGIN_PX) / pxPerSec;
    const to = (ws.getScroll() + ws.getWidth() + MARGIN_PX) / pxPerSec;
    axis.setAttribute('data-px-per-sec', String(Math.round(pxPerSec)));
    axis.replaceChildren(...axisMarks(from, to, durationS, pxPerSec).map((m) => notch(m, m.seconds * pxPerSec, width)));
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(draw);
  };
  const unsubs = [
    ws.on('scroll', schedule),
    ws.on('zoom', schedule),
    ws.on('redraw', schedule),
    ws.on('resize', schedule),
    ws.on('ready', schedule),
  ];
  schedule();
  return () => {
    cancelAnimationFrame(frame);
    unsubs.forEach((u) => u());
    axis.remove();
  };
}
