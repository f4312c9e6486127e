/**
 * The fake server's voice activity detector over the PCM it is streamed: energy in 10 ms frames, speech starting at
 * the first loud frame and ending once `silenceMs` of quiet frames follow, with the end placed at the last loud sample.
 * Positions are samples since the session's first append, so they are on the caller's own clock.
 */
import { FSK_RATE } from './fsk';

const FRAME = FSK_RATE / 100;
/** A sample at least this loud is speech (the tones are 0.4). */
const LOUD = 0.02;

/** Speech boundaries found in a stream, in samples. */
export type VadEvent = { kind: 'start'; at: number } | { kind: 'stop'; at: number; detectedAt: number };

/** How the detector decides: the frame RMS threshold and the silence that ends a turn. */
export interface VadSettings {
  /** Frame RMS above this is speech. */
  rms: number;
  silenceMs: number;
}

/** The settings a session.update's turn_detection asks for (server_vad, or semantic_vad's eagerness as a silence). */
export function vadSettings(turnDetection: Record<string, unknown>): VadSettings {
  const threshold = typeof turnDetection.threshold === 'number' ? turnDetection.threshold : 0.5;
  const eager: Record<string, number> = { high: 200, medium: 500, auto: 500, low: 800 };
  const silenceMs =
    turnDetection.type === 'semantic_vad'
      ? (eager[String(turnDetection.eagerness ?? 'auto')] ?? 500)
      : typeof turnDetection.silence_duration_ms === 'number'
        ? turnDetection.silence_duration_ms
        : 500;
  return { rms: 0.1 * threshold, silenceMs };
}

/** Streams samples in; reports where speech starts and stops. */
export class EnergyVad {
  private pending: number[] = [];
  private frames = 0;
  private speaking = false;
  private lastLoud = 0;

  constructor(private readonly settings: VadSettings) {}

  /** Samples received so far. */
  get received(): number {
    return this.frames * FRAME + this.pending.length;
  }

  /** Feeds samples; returns the boundaries found in the frames they complete. */
  feed(samples: Float32Array): VadEvent[] {
    const events: VadEvent[] = [];
    for (const x of samples) {
      this.pending.push(x);
      if (this.pending.length < FRAME) continue;
      const frame = this.pending;
      this.pending = [];
      const start = this.frames * FRAME;
      this.frames++;
      const rms = Math.sqrt(frame.reduce((s, v) => s + v * v, 0) / FRAME);
      if (rms > this.settings.rms) {
        if (!this.speaking)
          events.push({
            kind: 'start',
            at:
              start +
              Math.max(
                0,
                frame.findIndex((v) => Math.abs(v) > LOUD),
              ),
          });
        this.speaking = true;
        for (let i = FRAME - 1; i >= 0; i--) {
          if (Math.abs(frame[i]) > LOUD) {
            this.lastLoud = start + i + 1;
            break;
          }
        }
      } else if (this.speaking && this.frames * FRAME - this.lastLoud >= (this.settings.silenceMs / 1000) * FSK_RATE) {
        this.speaking = false;
        events.push({ kind: 'stop', at: this.lastLoud, detectedAt: this.frames * FRAME });
      }
    }
    return events;
  }
}
