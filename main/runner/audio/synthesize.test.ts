import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWavHeader } from '../../audio/wav-header';
import { TurnAudio } from './synthesize';
import { resample } from './pcm';

const turn = (text: string, audioPath: string | null = null) => ({ id: 't1', kind: 'question' as const, text, audioPath, reference: null, answerable: null });

describe('user turn audio', () => {
  it('synthesizes with espeak-ng at 24 kHz mono and caches by text and voice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'earshot-tts-'));
    const audio = new TurnAudio({ engine: 'espeak-ng', voice: 'en-us', wordsPerMinute: 200 }, dir, { retries: 0, baseMs: 1, maxMs: 1 });
    const pcm = await audio.forTurn(turn('What is the capital of France?'), new AbortController().signal);
    const cached = audio.cachePath('What is the capital of France?');
    expect(existsSync(cached)).toBe(true);
    const header = readWavHeader(cached);
    expect([header.sampleRate, header.channels, header.bitsPerSample]).toEqual([24000, 1, 16]);
    expect(pcm.length).toBe(header.frames);
    expect(header.durationMs).toBeGreaterThan(800);
    expect(Math.max(...pcm.map(Math.abs))).toBeGreaterThan(0.1);
    expect(await audio.forTurn(turn('What is the capital of France?'), new AbortController().signal)).toEqual(pcm);
  });

  it('resamples linearly', () => {
    expect([...resample(Float32Array.from([0, 1, 0, -1]), 2, 4)].map((x) => Math.round(x * 100) / 100)).toEqual([0, 0.5, 1, 0.5, 0, -0.5, -1, -1]);
  });
});
