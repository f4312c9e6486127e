/** The waveform: precomputed peaks, streamed MediaElement playback, one lane per channel (user, agent), with
 * speech segments, latency and interruption marks, a timeline, a minimap, and zoom; `data-ready` on the canvas box
 * once all of it is drawn. */
import { useEffect, useRef } from 'react';
import WaveSurfer from 'wavesurfer.js';
import TimelinePlugin from 'wavesurfer.js/dist/plugins/timeline.esm.js';
import MinimapPlugin from 'wavesurfer.js/dist/plugins/minimap.esm.js';
import ZoomPlugin from 'wavesurfer.js/dist/plugins/zoom.esm.js';
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';
import type { AudioAssetInfo, AudioPeaks, Turn } from '../../shared/domain';
import { takeMedia } from '../player/media';
import { attachPlayer, publishTime, publishView, MAX_PX_PER_SEC } from '../player/player';
import { buildOverlay } from '../player/overlay';
import { afterDrawnAndPlayable, initialPeaks, sharpenWhenZoomed } from '../player/staged-load';
import { useApp } from '../store';
import { setFirstErrorFromWaveform } from './labels/first-error';
import { addRegionFromWaveform } from './labels/RegionsField';
import { regionsOf } from '../../shared/types/regions';
import { SYSTEM_FIELDS } from '../../shared/types/annotation';

function cssVar(el: HTMLElement, name: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || '#888';
}

/** The lanes an asset's channels carry: its declared lanes, else user then agent. */
export function lanesOf(asset: AudioAssetInfo): string[] {
  return asset.lanes.length === asset.channels ? asset.lanes : Array.from({ length: asset.channels }, (_, i) => (i === 0 ? 'user' : i === 1 ? 'agent' : `ch${i + 1}`));
}

/** Draws and plays one audio asset, with the turns drawn over it. */
export function Waveform({ asset, peaks, turns }: { asset: AudioAssetInfo; peaks: AudioPeaks; turns: Turn[] }) {
  const box = useRef<HTMLDivElement>(null);
  const minimap = useRef<HTMLDivElement>(null);
  const setPlaying = useApp((s) => s.setPlaying);
  const theme = useApp((s) => s.theme);
  const lanes = lanesOf(asset);
  const laneHeight = asset.channels > 1 ? 64 : 96;
  const surfer = useRef<WaveSurfer | null>(null);
  const regionsPlugin = useRef<RegionsPlugin | null>(null);
  const drawing = useApp((s) => s.drawingRegions);
  const regionsValue = useApp((s) => s.labels?.values[SYSTEM_FIELDS.regions] ?? null);
  const firstErrorMs = useApp((s) => {
    const v = s.labels?.values[SYSTEM_FIELDS.firstErrorMs];
    return typeof v === 'number' ? v : null;
  });

  useEffect(() => {
    const el = box.current!;
    const colour = (lane: string, part: 'wave' | 'progress') => cssVar(el, `--${lane === 'agent' ? 'agent' : 'user'}-${part}`);
    const media = takeMedia(asset.id);
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
      splitChannels: lanes.map((lane) => ({ waveColor: colour(lane, 'wave'), progressColor: colour(lane, 'progress'), height: laneHeight })),
    });
    let frame = 0;
    const staging = afterDrawnAndPlayable(media, () => {
      ws.registerPlugin(TimelinePlugin.create({ height: 18, style: { fontSize: '10px', color: cssVar(el, '--muted') } }));
      ws.registerPlugin(MinimapPlugin.create({ container: minimap.current!, height: 22, waveColor: cssVar(el, '--muted'), progressColor: cssVar(el, '--text'), overlayColor: cssVar(el, '--accent-soft'), cursorColor: cssVar(el, '--accent') }));
      ws.registerPlugin(ZoomPlugin.create({ scale: 0.25, maxZoom: MAX_PX_PER_SEC }));
      frame = requestAnimationFrame(() => el.setAttribute('data-ready', 'true'));
    });
    const regions = ws.registerPlugin(RegionsPlugin.create());
    regions.on('region-created', (r) => {
      if (r.id.startsWith('stored-')) return;
      r.remove();
      addRegionFromWaveform(Math.round(r.start * 1000), Math.round(r.end * 1000));
    });
    regionsPlugin.current = regions;
    attachPlayer(ws);
    surfer.current = ws;
    publishTime(0);
    const overlay = buildOverlay(turns, peaks.durationMs, lanes, laneHeight, {
      user: colour('user', 'progress'),
      agent: colour('agent', 'progress'),
      latency: cssVar(el, '--muted'),
      interruption: cssVar(el, '--bad'),
      text: cssVar(el, '--panel'),
    });
    ws.getWrapper().append(overlay.element);
    const view = () => {
      const scroller = ws.getWrapper().parentElement!;
      const total = ws.getWrapper().scrollWidth || 1;
      const ms = peaks.durationMs;
      publishView({ startMs: (scroller.scrollLeft / total) * ms, endMs: Math.min(ms, ((scroller.scrollLeft + scroller.clientWidth) / total) * ms) });
    };
    const unsubs = [
      sharpenWhenZoomed(ws, peaks),
      ws.on('timeupdate', (t) => publishTime(t * 1000)),
      ws.on('play', () => setPlaying(true)),
      ws.on('pause', () => setPlaying(false)),
      ws.on('finish', () => setPlaying(false)),
      ws.once('ready', () => {
        overlay.fitLabels(ws.getWrapper().clientWidth / (peaks.durationMs / 1000));
        view();
        staging.drawn();
      }),
      ws.on('zoom', (pxPerSec) => {
        el.setAttribute('data-zoom', String(Math.round(pxPerSec)));
        requestAnimationFrame(() => {
          overlay.fitLabels(ws.getWrapper().clientWidth / (peaks.durationMs / 1000));
          view();
        });
      }),
      ws.on('scroll', view),
      ws.on('click', (relativeX) => {
        if (useApp.getState().armedFirstError) setFirstErrorFromWaveform(Math.round(relativeX * peaks.durationMs));
      }),
    ];
    ws.setPlaybackRate(useApp.getState().rate, true);
    return () => {
      staging.cancel();
      cancelAnimationFrame(frame);
      unsubs.forEach((u) => u());
      attachPlayer(null);
      surfer.current = null;
      regionsPlugin.current = null;
      ws.destroy();
      media.pause();
      media.removeAttribute('src');
      media.load();
      el.removeAttribute('data-ready');
    };
  }, [asset, peaks, turns, setPlaying, theme, laneHeight]);

  useEffect(() => {
    const ws = surfer.current;
    if (!ws || firstErrorMs === null) return;
    const marker = document.createElement('div');
    marker.setAttribute('data-testid', 'first-error-marker');
    marker.title = 'first critical error';
    Object.assign(marker.style, {
      position: 'absolute', top: '0', bottom: '0', width: '0', zIndex: '5', pointerEvents: 'none',
      left: `${(Math.min(firstErrorMs, peaks.durationMs) / peaks.durationMs) * 100}%`,
      borderLeft: `2px dashed ${getComputedStyle(box.current!).getPropertyValue('--bad').trim() || 'red'}`,
    });
    const flag = document.createElement('div');
    flag.textContent = '⚑ first error';
    Object.assign(flag.style, { position: 'absolute', top: '0', left: '3px', font: '600 10px system-ui, sans-serif', color: marker.style.borderLeftColor, whiteSpace: 'nowrap' });
    marker.append(flag);
    ws.getWrapper().append(marker);
    return () => marker.remove();
  }, [firstErrorMs, peaks, theme]);

  useEffect(() => {
    const plugin = regionsPlugin.current;
    const ws = surfer.current;
    if (!plugin || !ws || !drawing) return;
    ws.setOptions({ dragToSeek: false });
    const stop = plugin.enableDragSelection({ color: getComputedStyle(box.current!).getPropertyValue('--accent-soft').trim() || 'rgba(242,163,58,0.2)' });
    return () => {
      stop();
      ws.setOptions({ dragToSeek: true });
    };
  }, [drawing, peaks, theme]);

  useEffect(() => {
    const plugin = regionsPlugin.current;
    if (!plugin) return;
    const colour = getComputedStyle(box.current!).getPropertyValue('--accent-soft').trim() || 'rgba(242,163,58,0.15)';
    const stored = regionsOf(regionsValue);
    for (const r of plugin.getRegions()) r.remove();
    stored.forEach((r, i) => {
      const content = document.createElement('span');
      content.textContent = r.label;
      Object.assign(content.style, { font: '600 10px system-ui, sans-serif', padding: '1px 3px', whiteSpace: 'nowrap' });
      plugin.addRegion({ id: `stored-${i}`, start: r.startMs / 1000, end: r.endMs / 1000, color: colour, drag: false, resize: false, content });
    });
    box.current?.setAttribute('data-regions', String(stored.length));
  }, [regionsValue, peaks, theme]);

  return (
    <div className="waveform" data-testid="waveform">
      <div className="lane-labels" aria-hidden>
        {lanes.map((l, i) => (
          <span key={i} className={`lane-label lane-${l}`} style={{ height: laneHeight }}>{l}</span>
        ))}
      </div>
      <div className="waveform-body">
        <div ref={box} data-testid="waveform-canvas" />
        <div ref={minimap} className="minimap" data-testid="minimap" />
      </div>
    </div>
  );
}
