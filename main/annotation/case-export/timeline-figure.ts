/**
 * The speech-activity timeline of a call as a figure: a lane per side (user above, agent below) with its turns,
 * overlaps across both lanes, response latencies as brackets between the lanes, tool calls as ticks, the case's
 * moment or region highlighted, and a time axis in m:ss.
 */
import type { CallActivity } from './call-activity';
import type { Figure, Shape } from './figure';

/** The moment (endMs null) or region of the call the case points at. */
export interface Highlight {
  startMs: number;
  endMs: number | null;
}

/** Colours of the figure (hex, so the PNG raster reads them too). */
export const FIGURE_COLOURS = {
  background: '#ffffff',
  ink: '#334155',
  faint: '#cbd5e1',
  user: '#3b82f6',
  agent: '#0f9d76',
  overlap: '#e11d48',
  latency: '#d97706',
  tool: '#64748b',
  highlight: '#7c3aed',
} as const;

const C = FIGURE_COLOURS;
const WIDTH = 960;
const HEIGHT = 210;
const LEFT = 64;
const RIGHT = 16;
const LANE_H = 34;
const USER_Y = 36;
const AGENT_Y = 96;
const AXIS_Y = 150;
const STEPS_S = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];

/** `m:ss` of a time in ms. */
export function clockLabel(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

function axis(spanMs: number, x: (ms: number) => number): Shape[] {
  const plot = WIDTH - LEFT - RIGHT;
  const step = (STEPS_S.find((s) => ((s * 1000) / spanMs) * plot >= 70) ?? 3600) * 1000;
  const shapes: Shape[] = [
    { kind: 'line', x1: LEFT, y1: AXIS_Y, x2: WIDTH - RIGHT, y2: AXIS_Y, stroke: C.ink, width: 1 },
  ];
  for (let t = 0; t <= spanMs; t += step) {
    shapes.push({ kind: 'line', x1: x(t), y1: AXIS_Y, x2: x(t), y2: AXIS_Y + 5, stroke: C.ink, width: 1 });
    shapes.push({
      kind: 'text',
      x: x(t),
      y: AXIS_Y + 18,
      text: clockLabel(t),
      size: 11,
      fill: C.ink,
      anchor: 'middle',
    });
  }
  return shapes;
}

function legend(): Shape[] {
  const items: [string, string][] = [
    ['user', C.user],
    ['agent', C.agent],
    ['overlap', C.overlap],
    ['latency', C.latency],
    ['tool call', C.tool],
    ['case', C.highlight],
  ];
  return items.flatMap(([label, fill], i): Shape[] => {
    const x = LEFT + i * 110;
    return [
      { kind: 'rect', x, y: HEIGHT - 22, w: 12, h: 10, fill, opacity: label === 'case' ? 0.3 : 1 },
      { kind: 'text', x: x + 18, y: HEIGHT - 13, text: label, size: 11, fill: C.ink, anchor: 'start' },
    ];
  });
}

function highlightShapes(h: Highlight, x: (ms: number) => number): Shape[] {
  const top = USER_Y - 8;
  const bottom = AGENT_Y + LANE_H + 8;
  if (h.endMs === null) {
    return [{ kind: 'line', x1: x(h.startMs), y1: top, x2: x(h.startMs), y2: bottom, stroke: C.highlight, width: 2 }];
  }
  const w = Math.max(2, x(h.endMs) - x(h.startMs));
  return [
    {
      kind: 'rect',
      x: x(h.startMs),
      y: top,
      w,
      h: bottom - top,
      fill: C.highlight,
      opacity: 0.18,
      title: `case ${clockLabel(h.startMs)}–${clockLabel(h.endMs)}`,
    },
  ];
}

/** The timeline figure of a call lasting `durationMs` (or as long as its activity), with the case highlighted. */
export function timelineFigure(
  activity: CallActivity,
  durationMs: number | null,
  highlight: Highlight | null,
  title: string,
): Figure {
  const spanMs = Math.max(1000, durationMs ?? 0, activity.endMs);
  const x = (ms: number) => LEFT + (Math.max(0, Math.min(spanMs, ms)) / spanMs) * (WIDTH - LEFT - RIGHT);
  const shapes: Shape[] = [];
  for (const [label, y] of [
    ['user', USER_Y],
    ['agent', AGENT_Y],
  ] as const) {
    shapes.push({ kind: 'rect', x: LEFT, y, w: WIDTH - LEFT - RIGHT, h: LANE_H, fill: C.faint, opacity: 0.35 });
    shapes.push({
      kind: 'text',
      x: LEFT - 8,
      y: y + LANE_H / 2 + 4,
      text: label,
      size: 12,
      fill: C.ink,
      anchor: 'end',
    });
  }
  if (highlight) shapes.push(...highlightShapes(highlight, x));
  for (const s of activity.speech) {
    const y = s.side === 'user' ? USER_Y : AGENT_Y;
    shapes.push({
      kind: 'rect',
      x: x(s.startMs),
      y,
      w: Math.max(1, x(s.endMs) - x(s.startMs)),
      h: LANE_H,
      fill: s.side === 'user' ? C.user : C.agent,
      title: `${s.side} ${clockLabel(s.startMs)}–${clockLabel(s.endMs)}`,
    });
  }
  for (const o of activity.overlaps) {
    shapes.push({
      kind: 'rect',
      x: x(o.fromMs),
      y: USER_Y,
      w: Math.max(2, x(o.toMs) - x(o.fromMs)),
      h: AGENT_Y + LANE_H - USER_Y,
      fill: C.overlap,
      opacity: 0.7,
      title: `overlap ${o.toMs - o.fromMs} ms`,
    });
  }
  const mid = (USER_Y + LANE_H + AGENT_Y) / 2;
  for (const l of activity.latencies) {
    const [a, b] = [x(l.fromMs), x(l.toMs)];
    shapes.push({ kind: 'line', x1: a, y1: mid, x2: b, y2: mid, stroke: C.latency, width: 2 });
    shapes.push({ kind: 'line', x1: a, y1: mid - 5, x2: a, y2: mid + 5, stroke: C.latency, width: 2 });
    shapes.push({ kind: 'line', x1: b, y1: mid - 5, x2: b, y2: mid + 5, stroke: C.latency, width: 2 });
  }
  for (const t of activity.tools) {
    const at = x(t.atMs);
    shapes.push({
      kind: 'rect',
      x: at - 3,
      y: AGENT_Y + LANE_H + 2,
      w: 6,
      h: 6,
      fill: C.tool,
      title: `tool ${t.name}`,
    });
  }
  shapes.push(...axis(spanMs, x), ...legend());
  return { width: WIDTH, height: HEIGHT, background: C.background, title, shapes };
}
