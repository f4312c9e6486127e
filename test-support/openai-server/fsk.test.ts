import { describe, expect, it } from 'vitest';
import { decodeText, encodeText, FSK_RATE, SYMBOL, wordTimings } from './fsk';

describe('the fake server speech codec', () => {
  it('round-trips text, including non-ASCII, after leading silence', () => {
    const tones = encodeText('Twenty cents per day — €5 cap.');
    const padded = new Float32Array(tones.length + 1000);
    padded.set(tones, 700);
    expect(decodeText(padded)).toEqual({ text: 'Twenty cents per day — €5 cap.', startSample: 700 });
  });

  it('times words by their byte offsets (20 ms per byte)', () => {
    const words = wordTimings(decodeText(encodeText('one two')));
    expect(words).toEqual([
      { word: 'one', start: 0, end: (3 * 2 * SYMBOL) / FSK_RATE },
      { word: 'two', start: (4 * 2 * SYMBOL) / FSK_RATE, end: (7 * 2 * SYMBOL) / FSK_RATE },
    ]);
  });

  it('hears nothing in silence', () => {
    expect(decodeText(new Float32Array(4800)).text).toBe('');
  });
});
