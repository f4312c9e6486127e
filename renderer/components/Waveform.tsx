/** The waveform: precomputed peaks, streamed MediaElement playback, one lane per channel (user, agent). */
import { useEffect, useRef } from 'react';
import WaveSurfer from 'wavesurfer.js';
import TimelinePlugin from 'wavesurfer.js/dist/plugins/timeline.esm.js';
import type { AudioAssetInfo, AudioPeaks } from '../../shared/domain';
import { bridge } from '../api/client';
import { attachPlayer, publishTime } from '../player/player';
import { useApp } from '../store';

const LANE_COLOURS: Record<string, { wave: string; progress: string }> = {
  user: { wave: 'var(--user-wave)', progress: 'var(--user-progress)' },
  agent: { wave: 'var(--agent-wave)', progress: 'var(--agent-progress)' },
};

function cssVar(el: HTMLElement, value: string): string {
  const m = /^var\((--[\w-]+)\)$/.exec(value);
  return m ? getComputedStyle(el).getPropertyValue(m[1]).trim() || '#888' : value;
}

/** Draws and plays one audio asset. */
export function Waveform({ asset, peaks }: { asset: AudioAssetInfo; peaks: AudioPeaks }) {
  const box = useRef<HTMLDivElement>(null);
  const timeline = useRef<HTMLDivElement>(null);
  const setPlaying = useApp((s) => s.setPlaying);
  const theme = useApp((s) => s.theme);

  useEffect(() => {
    const el = box.current!;
    const lanes = asset.lanes.length === asset.channels ? asset.lanes : Array.from({ length: asset.channels }, (_, i) => (i === 0 ? 'user' : 'agent'));
    const laneHeight = asset.channels > 1 ? 64 : 96;
    const ws = WaveSurfer.create({
      container: el,
      url: bridge.mediaUrl(asset.id),
      peaks: peaks.channels,
      duration: peaks.durationMs / 1000,
      backend: 'MediaElement',
      height: laneHeight,
      normalize: false,
      barWidth: 0,
      cursorColor: cssVar(el, 'var(--accent)'),
      cursorWidth: 2,
      dragToSeek: true,
      autoScroll: true,
      autoCenter: true,
      splitChannels: lanes.map((lane) => ({
        waveColor: cssVar(el, (LANE_COLOURS[lane] ?? LANE_COLOURS.user).wave),
        progressColor: cssVar(el, (LANE_COLOURS[lane] ?? LANE_COLOURS.user).progress),
        height: laneHeight,
      })),
      plugins: [TimelinePlugin.create({ container: timeline.current!, height: 18, timeInterval: 1, primaryLabelInterval: 5, style: { fontSize: '10px', color: cssVar(el, 'var(--muted)') } })],
    });
    attachPlayer(ws);
    publishTime(0);
    ws.getMediaElement().preservesPitch = true;
    const unsubs = [
      ws.on('timeupdate', (t) => publishTime(t * 1000)),
      ws.on('play', () => setPlaying(true)),
      ws.on('pause', () => setPlaying(false)),
      ws.on('finish', () => setPlaying(false)),
      ws.on('ready', () => el.setAttribute('data-ready', 'true')),
    ];
    ws.setPlaybackRate(useApp.getState().rate, true);
    return () => {
      unsubs.forEach((u) => u());
      attachPlayer(null);
      ws.destroy();
      el.removeAttribute('data-ready');
    };
  }, [asset, peaks, setPlaying, theme]);

  return (
    <div className="waveform" data-testid="waveform">
      <div className="lane-labels" aria-hidden>
        {(asset.channels > 1 ? asset.lanes : asset.lanes.slice(0, 1)).map((l, i) => (
          <span key={i} className={`lane-label lane-${l}`}>{l}</span>
        ))}
      </div>
      <div className="waveform-body">
        <div ref={box} data-testid="waveform-canvas" />
        <div ref={timeline} className="timeline" />
      </div>
    </div>
  );
}
