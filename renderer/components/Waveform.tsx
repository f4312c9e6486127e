/** The waveform: precomputed peaks, streamed MediaElement playback, one lane per channel (user, agent), with
 * speech segments, latency and interruption marks, labelled regions and first-error marks, a timeline, a minimap,
 * and zoom; `data-ready` on the canvas box once all of it is drawn. */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import MinimapPlugin from 'wavesurfer.js/dist/plugins/minimap.esm.js';
import ZoomPlugin from 'wavesurfer.js/dist/plugins/zoom.esm.js';
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';
import type { AudioAssetInfo, AudioPeaks, Turn } from '../../shared/domain';
import { takeMedia } from '../player/media';
import { attachPlayer, publishTime, publishView, MAX_PX_PER_SEC } from '../player/player';
import { buildOverlay } from '../player/overlay';
import { attachTimeAxis } from '../player/time-axis-view';
import { afterDrawnAndPlayable, initialPeaks, sharpenWhenZoomed } from '../player/staged-load';
import { fullPeaks } from '../player/episode-peaks';
import { markOpen } from '../player/open-marks';
import { useApp } from '../store';
import { setFirstErrorFromWaveform } from './labels/first-error';
import { addRegionFromWaveform } from './labels/RegionsField';
import { regionsOf } from '../../shared/types/regions';
import { SYSTEM_FIELDS } from '../../shared/types/annotation';
import { annotatorColourVar, withAlpha, type AnnotatorMarks } from './labels/annotator-marks';

function cssVar(el: HTMLElement, name: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || '#888';
}

/** The lanes an asset's channels carry: its declared lanes, else user then agent. */
export function lanesOf(asset: AudioAssetInfo): string[] {
  return asset.lanes.length === asset.channels
    ? asset.lanes
    : Array.from({ length: asset.channels }, (_, i) => (i === 0 ? 'user' : i === 1 ? 'agent' : `ch${i + 1}`));
}

/** What the waveform draws: an asset with its peaks and turns, and (adjudication) every annotator's marks. */
export interface WaveformProps {
  asset: AudioAssetInfo;
  peaks: AudioPeaks;
  turns: Turn[];
  annotatorMarks?: readonly AnnotatorMarks[];
}

/** A dashed vertical marker at `ms` in `colour`, with a flag `text` placed by `flagAt` (e.g. `{ top: '0' }`). */
function firstErrorMarker(
  ms: number,
  durationMs: number,
  colour: string,
  text: string,
  flagAt: Partial<CSSStyleDeclaration>,
): HTMLDivElement {
  const marker = document.createElement('div');
  marker.setAttribute('data-testid', 'first-error-marker');
  marker.title = `first critical error${text ? ` (${text})` : ''}`;
  Object.assign(marker.style, {
    position: 'absolute',
    top: '0',
    bottom: '0',
    width: '0',
    zIndex: '5',
    pointerEvents: 'none',
    left: `${(Math.min(ms, durationMs) / durationMs) * 100}%`,
    borderLeft: `2px dashed ${colour}`,
  });
  const flag = document.createElement('div');
  flag.textContent = `⚑ ${text || 'first error'}`;
  Object.assign(flag.style, {
    position: 'absolute',
    left: '3px',
    color: colour,
    whiteSpace: 'nowrap',
    font: '600 10px system-ui, sans-serif',
    ...flagAt,
  });
  marker.append(flag);
  return marker;
}

/**
 * Draws one annotator's regions: the current annotator's own in the accent (`colourIndex` null), or another's in
 * their colour, edged, with their initials, the names on a row of their own, each cut where the annotator's next
 * region (or the call) begins to end (adjudication).
 */
function drawRegions(
  plugin: RegionsPlugin,
  marks: AnnotatorMarks,
  colourIndex: number | null,
  css: CSSStyleDeclaration,
  durationMs: number,
): void {
  const solid = colourIndex === null ? '' : css.getPropertyValue(annotatorColourVar(colourIndex)).trim();
  const accent = css.getPropertyValue('--accent-soft').trim() || 'rgba(242,163,58,0.15)';
  const panel = css.getPropertyValue('--panel').trim();
  marks.regions.forEach((r, i) => {
    const content = document.createElement('span');
    content.textContent = colourIndex === null ? r.label : `${marks.initials}${r.label ? ` · ${r.label}` : ''}`;
    Object.assign(content.style, { font: '600 10px system-ui, sans-serif', padding: '1px 3px', whiteSpace: 'nowrap' });
    if (colourIndex !== null) {
      content.title = `${marks.annotator}: ${r.label}`;
      const roomMs = (marks.regions[i + 1]?.startMs ?? durationMs) - r.startMs;
      Object.assign(content.style, {
        color: solid,
        background: panel,
        borderRadius: '2px',
        display: 'inline-block',
        overflow: 'hidden',
        maxWidth: `calc(${(roomMs / (r.endMs - r.startMs)) * 100}% - 4px)`,
        textOverflow: 'ellipsis',
        boxSizing: 'border-box',
        position: 'relative',
        top: `${colourIndex * 14}px`,
        zIndex: '2',
      });
    }
    const region = plugin.addRegion({
      id: `stored-${colourIndex ?? 0}-${i}`,
      start: r.startMs / 1000,
      end: r.endMs / 1000,
      color: colourIndex === null ? accent : withAlpha(solid, 0.16),
      drag: false,
      resize: false,
      content,
    });
    const edge = `2px solid ${solid}`;
    if (colourIndex !== null && region.element) {
      Object.assign(region.element.style, { borderLeft: edge, borderRight: edge });
    }
  });
}

/**
 * Draws and plays one audio asset, with the turns drawn over it. Without `annotatorMarks` it shows (and lets the
 * current annotator draw) their own regions and first error; with them, each annotator's marks, read-only.
 */
export function Waveform({ asset, peaks, turns, annotatorMarks }: WaveformProps) {
  const box = useRef<HTMLDivElement>(null);
  const minimap = useRef<HTMLDivElement>(null);
  const setPlaying = useApp((s) => s.setPlaying);
  const theme = useApp((s) => s.theme);
  // Keyed by value: a fetched-again episode (a commit reveals the judge) brings equal lanes in new objects.
  const lanesKey = lanesOf(asset).join('\n');
  const lanes = useMemo(() => lanesKey.split('\n'), [lanesKey]);
  const laneHeight = asset.channels > 1 ? 64 : 96;
  const assetId = asset.id;
  const surfer = useRef<{ ws: WaveSurfer; regions: RegionsPlugin } | null>(null);
  // Shows the overlay's mark labels that fit at the current zoom (once the lanes are drawn and on each zoom).
  const fitOverlay = useRef(() => {});
  // Counts the instances made, so what is drawn over one (regions, first-error flags) is drawn again on the next.
  const [generation, setGeneration] = useState(0);
  const made = useRef(0);
  const drawing = useApp((s) => s.drawingRegions);
  const regionsValue = useApp((s) => s.labels?.values[SYSTEM_FIELDS.regions] ?? null);
  const firstErrorMs = useApp((s) => {
    const v = s.labels?.values[SYSTEM_FIELDS.firstErrorMs];
    return typeof v === 'number' ? v : null;
  });
  const readOnly = annotatorMarks !== undefined;
  const readOnlyNow = useRef(readOnly);
  readOnlyNow.current = readOnly;
  const shownMarks = useMemo(
    () => annotatorMarks ?? [{ annotator: '', initials: '', firstErrorMs, regions: regionsOf(regionsValue) }],
    [annotatorMarks, firstErrorMs, regionsValue],
  );

  // Layout effects: the lanes are drawn before the browser paints the episode, in the same frame as the rest of it.
  useLayoutEffect(() => {
    const el = box.current!;
    const colour = (lane: string, part: 'wave' | 'progress') =>
      cssVar(el, `--${lane === 'agent' ? 'agent' : 'user'}-${part}`);
    const media = takeMedia(assetId);
    const ws = WaveSurfer.create({
      container: el,
      media,
      peaks: initialPeaks(peaks),
      duration: peaks.durationMs / 1000,
      backend: 'MediaElement',
      height: laneHeight,
      normalize: false,
      cursorColor: cssVar(el, '--accent'),
      cursorWidth: 2,
      dragToSeek: true,
      autoScroll: true,
      autoCenter: true,
      splitChannels: lanes.map((lane) => ({
        waveColor: colour(lane, 'wave'),
        progressColor: colour(lane, 'progress'),
        height: laneHeight,
      })),
    });
    markOpen('wave-created');
    let frame = 0;
    let removeAxis = () => {};
    const staging = afterDrawnAndPlayable(media, () => {
      removeAxis = attachTimeAxis(ws, peaks.durationMs / 1000, cssVar(el, '--muted'));
      ws.registerPlugin(
        MinimapPlugin.create({
          container: minimap.current!,
          height: 22,
          waveColor: cssVar(el, '--muted'),
          progressColor: cssVar(el, '--text'),
          overlayColor: cssVar(el, '--accent-soft'),
          cursorColor: cssVar(el, '--accent'),
        }),
      );
      ws.registerPlugin(ZoomPlugin.create({ scale: 0.25, maxZoom: MAX_PX_PER_SEC }));
      frame = requestAnimationFrame(() => el.setAttribute('data-ready', 'true'));
    });
    const regions = ws.registerPlugin(RegionsPlugin.create());
    regions.on('region-created', (r) => {
      if (r.id.startsWith('stored-')) return;
      r.remove();
      addRegionFromWaveform(Math.round(r.start * 1000), Math.round(r.end * 1000));
    });
    attachPlayer(ws);
    surfer.current = { ws, regions };
    setGeneration(++made.current);
    publishTime(0);
    const view = () => {
      const scroller = ws.getWrapper().parentElement!;
      const total = ws.getWrapper().scrollWidth || 1;
      const ms = peaks.durationMs;
      publishView({
        startMs: (scroller.scrollLeft / total) * ms,
        endMs: Math.min(ms, ((scroller.scrollLeft + scroller.clientWidth) / total) * ms),
      });
    };
    const unsubs = [
      sharpenWhenZoomed(ws, peaks, () => fullPeaks(peaks.assetId)),
      ws.on('timeupdate', (t) => publishTime(t * 1000)),
      ws.on('play', () => setPlaying(true)),
      ws.on('pause', () => setPlaying(false)),
      ws.on('finish', () => setPlaying(false)),
      ws.once('ready', () => {
        markOpen('wave-drawn');
        fitOverlay.current();
        view();
        staging.drawn();
      }),
      ws.on('zoom', (pxPerSec) => {
        el.setAttribute('data-zoom', String(Math.round(pxPerSec)));
        requestAnimationFrame(() => {
          fitOverlay.current();
          view();
        });
      }),
      ws.on('scroll', view),
      ws.on('click', (relativeX) => {
        if (!useApp.getState().armedFirstError || readOnlyNow.current) return;
        setFirstErrorFromWaveform(Math.round(relativeX * peaks.durationMs));
      }),
    ];
    ws.setPlaybackRate(useApp.getState().rate, true);
    return () => {
      staging.cancel();
      cancelAnimationFrame(frame);
      removeAxis();
      unsubs.forEach((u) => u());
      attachPlayer(null);
      surfer.current = null;
      ws.destroy();
      media.pause();
      media.removeAttribute('src');
      media.load();
      el.removeAttribute('data-ready');
    };
  }, [assetId, lanes, peaks, setPlaying, theme, laneHeight]);

  // The turns are drawn over the lanes apart from them: an episode opened before its turns came gets them added later.
  useLayoutEffect(() => {
    // Once per instance and turns: not in the commit that made the instance, but in the one its generation causes.
    if (!surfer.current || generation !== made.current) return undefined;
    const { ws } = surfer.current;
    const el = box.current!;
    const overlay = buildOverlay(turns, peaks.durationMs, lanes, laneHeight, {
      user: cssVar(el, '--user-progress'),
      agent: cssVar(el, '--agent-progress'),
      latency: cssVar(el, '--muted'),
      interruption: cssVar(el, '--bad'),
      text: cssVar(el, '--panel'),
    });
    ws.getWrapper().append(overlay.element);
    fitOverlay.current = () => overlay.fitLabels(ws.getWrapper().clientWidth / (peaks.durationMs / 1000));
    if (ws.getDecodedData()) fitOverlay.current();
    return () => {
      fitOverlay.current = () => {};
      overlay.element.remove();
    };
  }, [generation, turns, peaks, lanes, laneHeight]);

  useEffect(() => {
    if (!surfer.current) return;
    const { ws } = surfer.current;
    const css = getComputedStyle(box.current!);
    const panel = css.getPropertyValue('--panel').trim();
    const markers = shownMarks.flatMap((m, k) => {
      if (m.firstErrorMs === null) return [];
      const colour = css.getPropertyValue(readOnly ? annotatorColourVar(k) : '--bad').trim() || 'red';
      // Annotators' flags sit at the foot of the lanes, stacked, clear of the region names along the top.
      const foot = { top: `${lanes.length * laneHeight - 14 - k * 13}px`, background: panel, padding: '0 2px' };
      const flagAt = readOnly ? foot : { top: '0' };
      const marker = firstErrorMarker(m.firstErrorMs, peaks.durationMs, colour, m.annotator, flagAt);
      if (readOnly) marker.setAttribute('data-annotator', m.annotator);
      return [marker];
    });
    ws.getWrapper().append(...markers);
    return () => markers.forEach((m) => m.remove());
  }, [generation, shownMarks, readOnly, peaks, lanes.length, laneHeight]);

  useEffect(() => {
    if (!surfer.current || !drawing || readOnly) return;
    const { ws, regions: plugin } = surfer.current;
    ws.setOptions({ dragToSeek: false });
    const stop = plugin.enableDragSelection({
      color: getComputedStyle(box.current!).getPropertyValue('--accent-soft').trim() || 'rgba(242,163,58,0.2)',
    });
    return () => {
      stop();
      ws.setOptions({ dragToSeek: true });
    };
  }, [generation, drawing, readOnly]);

  useEffect(() => {
    if (!surfer.current) return;
    const { ws, regions: plugin } = surfer.current;
    const css = getComputedStyle(box.current!);
    const draw = () => {
      for (const r of plugin.getRegions()) r.remove();
      box.current?.setAttribute('data-regions', String(shownMarks.reduce((n, m) => n + m.regions.length, 0)));
      shownMarks.forEach((m, k) => drawRegions(plugin, m, readOnly ? k : null, css, peaks.durationMs));
    };
    // A region added before the audio's duration is known would be clamped to 0 s.
    if (ws.getDuration() === 0) return ws.once('ready', draw);
    draw();
    return undefined;
  }, [generation, shownMarks, readOnly, peaks]);

  return (
    <div className="waveform" data-testid="waveform">
      <div className="lane-labels" aria-hidden>
        {lanes.map((l, i) => (
          <span key={i} className={`lane-label lane-${l}`} style={{ height: laneHeight }}>
            {l}
          </span>
        ))}
      </div>
      <div className="waveform-body">
        <div ref={box} data-testid="waveform-canvas" />
        <div ref={minimap} className="minimap" data-testid="minimap" />
      </div>
    </div>
  );
}
