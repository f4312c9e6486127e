/** The first-critical-error hook point: the waveform calls `setFirstErrorFromWaveform(ms)` on a click while the panel is armed. */
import { useApp } from '../../store';

/** Sets the open episode's first critical error at `ms` (durable like any label); what a waveform click handler should call. */
export function setFirstErrorFromWaveform(ms: number): void {
  useApp.getState().setFirstErrorFromWaveform(ms);
}
