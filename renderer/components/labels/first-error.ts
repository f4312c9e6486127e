/**
 * The first-critical-error hook point. The waveform (owned by the replay code) may call `setFirstErrorFromWaveform(ms)`
 * on a click; until it does, `useWaveformPick` listens for clicks on the waveform while the panel is armed, and reads
 * the playhead the click moved.
 */
import { useEffect } from 'react';
import { useApp } from '../../store';
import { currentMs } from '../../player/player';

/** Sets the open episode's first critical error at `ms` (durable like any label); what a waveform click handler should call. */
export function setFirstErrorFromWaveform(ms: number): void {
  useApp.getState().setFirstErrorFromWaveform(ms);
}

/** While armed, a click on the waveform sets the first error at the time the click seeked to. */
export function useWaveformPick(armed: boolean): void {
  useEffect(() => {
    if (!armed) return;
    const onClick = (e: MouseEvent) => {
      const target = e.target as Element | null;
      if (!target?.closest('[data-testid="waveform-canvas"]')) return;
      // wavesurfer seeks on the same click; read the playhead once it has.
      requestAnimationFrame(() => requestAnimationFrame(() => setFirstErrorFromWaveform(currentMs())));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [armed]);
}
