import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWavHeader, WavError } from './wav-header';
import { wavBytes } from '../../test-support/wav';
import { fixture } from '../../test-support/fixtures';
import { TAU2_VOICE, VERA } from '../../test-support/fixture-counts';

const dir = mkdtempSync(join(tmpdir(), 'earshot-wav-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function write(name: string, bytes: Buffer): string {
  const f = join(dir, name);
  writeFileSync(f, bytes);
  return f;
}

describe('readWavHeader', () => {
  it.each([
    ['pcm 8-bit', 1, 8, 'wav/pcm_s8'],
    ['pcm 16-bit', 1, 16, 'wav/pcm_s16'],
    ['pcm 24-bit', 1, 24, 'wav/pcm_s24'],
    ['pcm 32-bit', 1, 32, 'wav/pcm_s32'],
    ['float 32-bit', 3, 32, 'wav/float32'],
    ['mu-law', 7, 8, 'wav/mulaw'],
    ['a-law', 6, 8, 'wav/alaw'],
  ])('reads %s from the header, never assuming', (_name, tag, bits, format) => {
    const channels = 3;
    const frames = 441;
    const f = write(`${format.replace('/', '_')}.wav`, wavBytes({ sampleRate: 22050, channels, formatTag: tag, bitsPerSample: bits, data: Buffer.alloc((frames * channels * bits) / 8), leadingChunk: true }));
    const info = readWavHeader(f);
    expect(info).toMatchObject({ format, channels, sampleRate: 22050, frames, durationMs: 20 });
  });

  it('reads WAVE_FORMAT_EXTENSIBLE by its sub-format', () => {
    const f = write('ext.wav', wavBytes({ sampleRate: 48000, channels: 2, bitsPerSample: 24, extensibleSubFormat: 1, data: Buffer.alloc(48000 * 6) }));
    expect(readWavHeader(f)).toMatchObject({ format: 'wav/pcm_s24', channels: 2, durationMs: 1000 });
  });

  it('reads the real fixtures: τ-Voice clips at 16 kHz and VERA prompts at 24 kHz', () => {
    // Every clip and prompt has one rate and layout, recounted by scripts/recount/{tau2-voice,vera}.mjs.
    const [clip, prompt] = [TAU2_VOICE.clips, VERA.audio];
    const hello = readWavHeader(fixture('tau2-voice', 'clips', 'hello.wav'));
    expect(hello).toMatchObject({ sampleRate: clip.sampleRates[0], channels: clip.channels[0], format: 'wav/pcm_s16' });
    const simpleqa = readWavHeader(fixture('vera', 'test_voice_episodes', 'audio', 'vera_simpleqa_0a9d56e1.wav'));
    expect(simpleqa).toMatchObject({ sampleRate: prompt.sampleRates[0], channels: prompt.channels[0] });
  });

  it('names the file when the header lies about the data size (truncated file)', () => {
    const f = write('lying.wav', wavBytes({ sampleRate: 8000, channels: 1, bitsPerSample: 16, data: Buffer.alloc(100), declaredDataBytes: 100000 }));
    expect(() => readWavHeader(f)).toThrow(WavError);
    expect(() => readWavHeader(f)).toThrow(/lying\.wav: header says the data chunk has 100000 bytes but the file holds only 100/);
  });

  it('names the file for a cut-off header, a non-WAV and an unsupported encoding', () => {
    const cut = write('cut.wav', wavBytes({ sampleRate: 8000, channels: 1, bitsPerSample: 16, data: Buffer.alloc(10) }).subarray(0, 30));
    expect(() => readWavHeader(cut)).toThrow(/cut\.wav: .*truncated/);
    const text = write('notes.wav', Buffer.from('hello, not audio at all'));
    expect(() => readWavHeader(text)).toThrow(/notes\.wav: not a WAV file/);
    const adpcm = write('adpcm.wav', wavBytes({ sampleRate: 8000, channels: 1, formatTag: 2, bitsPerSample: 4, data: Buffer.alloc(10) }));
    expect(() => readWavHeader(adpcm)).toThrow(/adpcm\.wav: unsupported WAV encoding \(format tag 2, 4-bit\)/);
  });

  it('rejects a block align that contradicts channels × bits', () => {
    const bytes = wavBytes({ sampleRate: 8000, channels: 2, bitsPerSample: 16, data: Buffer.alloc(40) });
    bytes.writeUInt16LE(3, 12 + 8 + 12);
    const f = write('align.wav', bytes);
    expect(() => readWavHeader(f)).toThrow(/align\.wav: header block align 3/);
  });
});
