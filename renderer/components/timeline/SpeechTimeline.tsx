/**
 * The speech-activity timeline of a call without audio: the user and agent lanes as on the waveform, each turn a bar,
 * overlaps and silences shaded, response latencies marked between the lanes, tool calls as ticks, and a time axis.
 * A click moves the cursor there and the transcript to the turn speaking then; a click on a turn moves the cursor.
 */
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { Turn } from '../../../shared/domain';
import { useApp } from '../../store';
import { onTime, publishTime } from '../../player/player';
import { formatMs } from '../../format';
import { axisLabel, axisTicks, SIDES, speechActivity, timelineSpanMs, type SpeechActivity } from './speech-activity';
import './timeline.css';

/** Height of one lane, px. */
const LANE_PX = 40;

const pct = (ms: number, durationMs: number) => `${(Math.max(0, Math.min(durationMs, ms)) / durationMs) * 100}%`;
const span = (fromMs: number, toMs: number, durationMs: number) => ({
  left: pct(fromMs, durationMs),
  width: `calc(${pct(toMs, durationMs)} - ${pct(fromMs, durationMs)})`,
});
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** The bars, shading and marks over both lanes. */
function Lanes({ activity, widthPx }: { activity: SpeechActivity; widthPx: number }) {
  const active = useApp((s) => s.activeTurn);
  const d = activity.durationMs;
  const laneTop = (side: string) => SIDES.indexOf(side as (typeof SIDES)[number]) * LANE_PX;
  const wide = (fromMs: number, toMs: number, label: string) => ((toMs - fromMs) / d) * widthPx > label.length * 6 + 8;
  return (
    <>
      {SIDES.map((side) => (
        <div key={side} className={`tl-lane tl-lane-${side}`} style={{ top: laneTop(side), height: LANE_PX }} />
      ))}
      {activity.silences.map((s, i) => (
        <div
          key={`s${i}`}
          className="tl-silence"
          data-testid="silence-mark"
          data-ms={Math.round(s.toMs - s.fromMs)}
          style={span(s.fromMs, s.toMs, d)}
          title={`silence, ${seconds(s.toMs - s.fromMs)}`}
        />
      ))}
      {activity.bars.map((b) => (
        <div
          key={b.at}
          className={`tl-bar tl-bar-${b.side}${b.at === active ? ' active' : ''}`}
          data-testid="speech-bar"
          data-side={b.side}
          data-at={b.at}
          data-active={b.at === active}
          data-start-ms={b.startMs}
          style={{ ...span(b.startMs, b.endMs, d), top: laneTop(b.side) + 8, height: LANE_PX - 16 }}
          title={`${b.side} ${formatMs(b.startMs)}–${formatMs(b.endMs)}${b.text ? `: ${b.text.slice(0, 120)}` : ''}`}
        />
      ))}
      {activity.tools.map((t, i) => (
        <div
          key={`t${i}`}
          className="tl-tool"
          data-testid="tool-mark"
          style={{ left: pct(t.atMs, d), top: laneTop(t.side) + LANE_PX - 7 }}
          title={`${t.side} called ${t.name} at ${formatMs(t.atMs)}`}
        />
      ))}
      {activity.marks.map((m, i) => {
        const overlap = m.kind === 'interruption';
        const label = seconds(m.ms);
        return (
          <div
            key={`m${i}`}
            className={overlap ? 'tl-overlap' : 'tl-latency'}
            data-testid={overlap ? 'overlap-mark' : 'latency-mark'}
            data-ms={Math.round(m.ms)}
            style={{ ...span(m.fromMs, m.toMs, d), ...(overlap ? {} : { top: LANE_PX - 6 }) }}
            title={
              overlap ? `${m.by} starts over the other side, ${label} of overlap` : `agent responds after ${label}`
            }
          >
            {!overlap && wide(m.fromMs, m.toMs, label) && <span className="tl-mark-label">{label}</span>}
          </div>
        );
      })}
    </>
  );
}

/** What the timeline draws: the call's turns, info (τ² tick span) and duration. */
export interface SpeechTimelineProps {
  turns: Turn[];
  info: Record<string, unknown>;
  durationMs: number | null;
}

/** The timeline of a call's turns over its tick span or duration (or as long as its last turn). */
export function SpeechTimeline({ turns, info, durationMs }: SpeechTimelineProps) {
  const spanMs = timelineSpanMs(info, durationMs);
  const activity = useMemo(() => speechActivity(turns, spanMs), [turns, spanMs]);
  const canvas = useRef<HTMLDivElement>(null);
  const [widthPx, setWidthPx] = useState(0);
  const [cursorMs, setCursorMs] = useState<number | null>(null);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidthPx(el.clientWidth));
    observer.observe(el);
    setWidthPx(el.clientWidth);
    return () => observer.disconnect();
  }, [activity]);

  useEffect(() => {
    setCursorMs(null);
    return onTime(setCursorMs);
  }, [turns]);

  if (!activity) return null;
  const d = activity.durationMs;
  const { stepMs, ticks } = axisTicks(d, widthPx);
  // A label too near the right end would run out of the box.
  const shown = ticks.filter((ms) => ms === 0 || (ms / d) * widthPx <= widthPx - 30);
  const seek = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    publishTime(Math.round(((e.clientX - box.left) / box.width) * d));
  };
  return (
    <div className="waveform speech-timeline" data-testid="speech-timeline" data-duration-ms={d}>
      <div className="lane-labels" aria-hidden>
        {SIDES.map((side) => (
          <span key={side} className={`lane-label lane-${side}`} style={{ height: LANE_PX }}>
            {side}
          </span>
        ))}
        <span className="lane-label tl-axis-label">no audio</span>
      </div>
      <div className="waveform-body">
        <div
          ref={canvas}
          className="tl-canvas"
          data-testid="timeline-canvas"
          style={{ height: LANE_PX * SIDES.length }}
          onClick={seek}
          title="Click to move the transcript to that moment"
        >
          <Lanes activity={activity} widthPx={widthPx} />
          {cursorMs !== null && (
            <div
              className="tl-cursor"
              data-testid="timeline-cursor"
              data-ms={cursorMs}
              style={{ left: pct(cursorMs, d) }}
            />
          )}
        </div>
        <div className="tl-axis" aria-hidden>
          {shown.map((ms) => (
            <span key={ms} className="tl-tick" style={{ left: pct(ms, d) }}>
              {axisLabel(ms, stepMs)}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
