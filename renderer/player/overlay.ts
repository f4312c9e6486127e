/** Draws speech segments and turn-taking marks over the waveform, inside wavesurfer's scrolling wrapper, so they
 * zoom and scroll with it. Positions are percentages of the call, styles inline (the wrapper lives in a shadow root). */
import type { Turn } from '../../shared/domain';
import { latencyMarks } from './latency-marks';

/** Colours the overlay uses, resolved from the theme. */
export interface OverlayColours {
  user: string;
  agent: string;
  latency: string;
  interruption: string;
  text: string;
}

function box(style: Partial<CSSStyleDeclaration>, attrs: Record<string, string> = {}): HTMLDivElement {
  const el = document.createElement('div');
  Object.assign(el.style, { position: 'absolute', boxSizing: 'border-box' }, style);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

const pct = (ms: number, durationMs: number) => `${(Math.max(0, Math.min(durationMs, ms)) / durationMs) * 100}%`;

/** The overlay and a way to show only the mark labels that fit at the current zoom. */
export interface Overlay {
  element: HTMLDivElement;
  /** Shows a mark's label only when its span is wide enough at `pxPerSec` and it does not collide with the previous label. */
  fitLabels(pxPerSec: number): void;
}

/** Pixels a mark label of `text` needs (10 px bold system font, padding). */
const labelPx = (text: string) => text.length * 6 + 10;

/** Builds the overlay for these turns on a call of `durationMs` drawn as `lanes` lanes of `laneHeight` px. */
export function buildOverlay(turns: readonly Turn[], durationMs: number, lanes: readonly string[], laneHeight: number, colours: OverlayColours): Overlay {
  const labels: { el: HTMLDivElement; centreMs: number; px: number }[] = [];
  const fitLabels = (pxPerSec: number) => {
    let lastRight = -Infinity;
    for (const { el, centreMs, px } of labels) {
      const x = (centreMs / 1000) * pxPerSec;
      const show = x - px / 2 > lastRight;
      el.style.visibility = show ? 'visible' : 'hidden';
      if (show) lastRight = x + px / 2;
    }
  };
  const root = box({ inset: '0', pointerEvents: 'none', zIndex: '4' }, { 'data-testid': 'waveform-overlay' });
  const laneOf = (speaker: string) => Math.max(0, lanes.length > 1 ? lanes.indexOf(speaker) : 0);
  for (const t of turns) {
    if (t.tool || t.startMs === null || t.endMs === null || (t.speaker !== 'user' && t.speaker !== 'agent')) continue;
    if (lanes.length === 1 && lanes[0] !== t.speaker) continue;
    const colour = t.speaker === 'user' ? colours.user : colours.agent;
    root.append(
      box(
        { left: pct(t.startMs, durationMs), width: `calc(${pct(t.endMs, durationMs)} - ${pct(t.startMs, durationMs)})`, top: `${laneOf(t.speaker) * laneHeight}px`, height: '3px', background: colour, opacity: '0.85', borderRadius: '1px' },
        { 'data-testid': 'speech-segment', 'data-speaker': t.speaker },
      ),
    );
  }
  if (lanes.length < 2) return { element: root, fitLabels };
  for (const m of latencyMarks(turns)) {
    const interruption = m.kind === 'interruption';
    const colour = interruption ? colours.interruption : colours.latency;
    const mark = box(
      {
        left: pct(m.fromMs, durationMs),
        width: `calc(${pct(m.toMs, durationMs)} - ${pct(m.fromMs, durationMs)})`,
        minWidth: '2px',
        top: interruption ? '0' : `${laneHeight - 7}px`,
        height: interruption ? `${laneHeight * 2}px` : '14px',
        borderLeft: `1px solid ${colour}`,
        borderRight: `1px solid ${colour}`,
        background: interruption ? `${colour}22` : 'transparent',
        borderBottom: interruption ? 'none' : `1px dashed ${colour}`,
      },
      { 'data-testid': interruption ? 'interruption-mark' : 'latency-mark', 'data-ms': String(Math.round(m.ms)), ...(m.kind === 'interruption' ? { 'data-by': m.by } : {}) },
    );
    const label = box({
      left: '50%',
      top: interruption ? `${laneHeight - 8}px` : '-2px',
      transform: 'translateX(-50%)',
      font: '600 10px/1 system-ui, sans-serif',
      fontVariantNumeric: 'tabular-nums',
      color: colour,
      whiteSpace: 'nowrap',
      padding: '1px 3px',
      background: colours.text,
      borderRadius: '2px',
    });
    label.textContent = `${m.kind === 'interruption' ? `${m.by} barge-in ` : ''}${(m.ms / 1000).toFixed(2)} s`;
    label.title = label.textContent;
    mark.title = label.textContent;
    mark.append(label);
    root.append(mark);
    labels.push({ el: label, centreMs: (m.fromMs + m.toMs) / 2, px: labelPx(label.textContent ?? '') });
  }
  labels.sort((a, b) => a.centreMs - b.centreMs);
  return { element: root, fitLabels };
}
