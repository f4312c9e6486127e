/** A spectrogram of the visible window of one lane, computed on the main side and drawn on a canvas. */
import { useEffect, useRef, useState } from 'react';
import type { AudioAssetInfo } from '../../shared/domain';
import { call } from '../api/client';
import { onView, type View } from '../player/player';
import { lanesOf } from './Waveform';

const HEIGHT = 96;

/** Maps 0–255 to a quiet dark-to-bright ramp (magma-like). */
function colourOf(v: number): [number, number, number] {
  const t = v / 255;
  return [Math.round(255 * Math.min(1, t * 1.6)), Math.round(255 * Math.max(0, t * 1.4 - 0.45)), Math.round(255 * (0.25 + 0.5 * t - 0.5 * Math.max(0, t - 0.6)))];
}

/** Draws the spectrogram of `asset`'s chosen lane for whatever window the waveform shows. */
export function Spectrogram({ asset }: { asset: AudioAssetInfo }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const lanes = lanesOf(asset);
  const [channel, setChannel] = useState(0);
  const [view, setView] = useState<View | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onView((v) => {
      clearTimeout(timer);
      timer = setTimeout(() => setView(v), 120);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [asset]);

  useEffect(() => {
    const c = canvas.current;
    if (!view || !c || view.endMs <= view.startMs) return;
    const columns = Math.max(8, Math.min(2000, Math.floor(c.clientWidth)));
    let cancelled = false;
    call('audio.spectrogram', { assetId: asset.id, channel, startMs: view.startMs, endMs: view.endMs, columns })
      .then((spec) => {
        if (cancelled) return;
        const bytes = Uint8Array.from(atob(spec.data), (ch) => ch.charCodeAt(0));
        c.width = spec.columns;
        c.height = HEIGHT;
        const ctx = c.getContext('2d')!;
        const image = ctx.createImageData(spec.columns, HEIGHT);
        for (let x = 0; x < spec.columns; x++) {
          for (let y = 0; y < HEIGHT; y++) {
            const bin = Math.floor(((HEIGHT - 1 - y) / HEIGHT) * spec.bins);
            const [r, g, b] = colourOf(bytes[x * spec.bins + bin]);
            const i = (y * spec.columns + x) * 4;
            image.data.set([r, g, b, 255], i);
          }
        }
        ctx.putImageData(image, 0, 0);
        c.dataset.columns = String(spec.columns);
        c.dataset.startMs = String(Math.round(spec.startMs));
        setError(null);
      })
      .catch((err: Error) => !cancelled && setError(err.message));
    return () => {
      cancelled = true;
    };
  }, [view, channel, asset]);

  return (
    <div className="spectrogram">
      <div className="lane-labels">
        {lanes.length > 1 ? (
          <select aria-label="Spectrogram lane" data-testid="spectrogram-lane" value={channel} onChange={(e) => setChannel(Number(e.target.value))}>
            {lanes.map((l, i) => <option key={l} value={i}>{l}</option>)}
          </select>
        ) : (
          <span className="lane-label">{lanes[0]}</span>
        )}
      </div>
      <div className="waveform-body">
        <canvas ref={canvas} data-testid="spectrogram" style={{ width: '100%', height: HEIGHT }} />
        {error && <p className="error">{error}</p>}
      </div>
    </div>
  );
}
