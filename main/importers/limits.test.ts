/** The import limits, one by one, on generated hostile input. */
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test-support/fixtures';
import { wavBytes } from '../../test-support/wav';
import { WavError } from '../audio/wav-header';
import { readImportWavHeader, wavLimitProblem } from './audio-limits';
import { ImportError, type BatchEpisode } from './batch';
import { checkEpisodeLimits } from './episode-limits';
import { checkFileSize, formatSize } from './file-size';
import { checkJsonText } from './json-guard';
import { MAX_FIELD_CHARS, MAX_JSON_DEPTH, MAX_TURN_TEXT_CHARS, MAX_TURNS, SIMULATION_FILE } from './limits';
import { removeTempDirs, tempDir } from '../../test-support/temp-files';

afterAll(removeTempDirs);

/** The ImportError `run` throws. */
function refusal(run: () => void): ImportError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ImportError);
    return err as ImportError;
  }
  throw new Error('expected a refusal');
}

const nested = (depth: number, open = '{"a":', close = '}') => open.repeat(depth) + '1' + close.repeat(depth);

describe('JSON nesting depth', () => {
  it('passes every fixture and exactly the limit', () => {
    for (const file of ['tau2-voice/experiment/results.json', 'vera/test_voice_episodes/test.json']) {
      expect(() => checkJsonText(readFileSync(fixture(...file.split('/')), 'utf8'), file, 'file')).not.toThrow();
    }
    expect(() => checkJsonText(nested(MAX_JSON_DEPTH), 'f.json', 'file')).not.toThrow();
    expect(() => checkJsonText(nested(MAX_JSON_DEPTH, '[', ']'), 'f.json', 'file')).not.toThrow();
  });

  it('refuses one level more, naming the file, the record and the field', () => {
    const text = `{"schema":"x","info":${nested(MAX_JSON_DEPTH)}}`;
    const err = refusal(() => checkJsonText(text, 'study.jsonl', 'line 3'));
    expect([err.file, err.record, err.field]).toEqual(['study.jsonl', 'line 3', 'info.a.a.a.a.a.a.a…']);
    expect(err.problem).toBe(`arrays and objects nested more than ${MAX_JSON_DEPTH} levels deep`);
  });

  it('refuses a 100,000-deep bomb of objects or arrays at once, without overflowing the stack', () => {
    expect(refusal(() => checkJsonText(nested(100_000), 'bomb.json', 'file')).problem).toMatch(/nested more than 64/);
    const arrays = refusal(() =>
      checkJsonText(`{"turns":[{"tool":{"arguments":${nested(100_000, '[', ']')}}}]}`, 'b.json', 'file'),
    );
    expect(arrays.field).toBe('turns[0].tool.arguments[0][0][0][0]…');
  });

  it('counts brackets in structure only, not inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '['.repeat(500), b: '{"\\"[[[['.repeat(100), c: [1, [2, [3]]] });
    expect(() => checkJsonText(text, 'f.json', 'file')).not.toThrow();
  });

  it('names array positions and keys that are not identifiers', () => {
    const text = `{"a":[1,"x",{"odd key":[0,0,${nested(MAX_JSON_DEPTH, '[', ']')}]}]}`;
    expect(refusal(() => checkJsonText(text, 'f.json', 'file')).field).toBe('a[2]["odd key"][2][0][0][0][0]…');
  });

  it('leaves text that is not JSON to the parser', () => {
    expect(() => checkJsonText('{"a": [1, 2', 'f.json', 'file')).not.toThrow();
    expect(() => checkJsonText('{"a": "unterminated', 'f.json', 'file')).not.toThrow();
  });
});

describe('string length per field', () => {
  it('passes a string of exactly the limit and refuses one character more, naming the field', () => {
    const at = (n: number) => `{"turns":[{"speaker":"user","text":"${'x'.repeat(n)}"}]}`;
    expect(() => checkJsonText(at(MAX_FIELD_CHARS), 'f.jsonl', 'line 1')).not.toThrow();
    const err = refusal(() => checkJsonText(at(MAX_FIELD_CHARS + 1), 'f.jsonl', 'line 1'));
    expect([err.file, err.record, err.field]).toEqual(['f.jsonl', 'line 1', 'turns[0].text']);
    expect(err.problem).toBe(
      `a string of ${MAX_FIELD_CHARS + 1} characters, more than the ${MAX_FIELD_CHARS} a field may have`,
    );
  });

  it('counts characters as decoded: escapes longer than the limit in the file but not once read pass', () => {
    const escaped = `{"s":"${'\\u0041'.repeat(MAX_FIELD_CHARS / 2)}"}`;
    expect(escaped.length).toBeGreaterThan(MAX_FIELD_CHARS);
    expect(() => checkJsonText(escaped, 'f.json', 'file')).not.toThrow();
  });
});

describe('file size', () => {
  it('refuses a file over its kind’s cap before reading it, and passes one at the cap', () => {
    const path = join(tempDir(), 'a.json');
    writeFileSync(path, '{}');
    truncateSync(path, SIMULATION_FILE.bytes);
    expect(() => checkFileSize(path, 'simulations/a.json', SIMULATION_FILE)).not.toThrow();
    truncateSync(path, SIMULATION_FILE.bytes + 1);
    const err = refusal(() => checkFileSize(path, 'simulations/a.json', SIMULATION_FILE));
    expect([err.file, err.record, err.field]).toEqual(['simulations/a.json', 'file', '(size)']);
    expect(err.problem).toBe('is 67,108,865 bytes, more than the 64 MiB a τ² simulation file may have');
    expect([formatSize(500 * 1024 * 1024), formatSize(4 * 1024 ** 3), formatSize(1500)]).toEqual([
      '500 MiB',
      '4 GiB',
      '1,500 bytes',
    ]);
  });
});

describe('turns per episode and text per turn', () => {
  const episode = (turns: BatchEpisode['turns']): BatchEpisode => ({
    externalId: 'e',
    system: '',
    task: '',
    trial: 0,
    condition: {},
    outcome: null,
    reward: null,
    durationMs: null,
    info: {},
    turns,
    audio: [],
    judgements: [],
    annotations: [],
  });
  const turn = (text: string, startMs: number | null = null) => ({
    speaker: 'agent' as const,
    startMs,
    endMs: null,
    text,
  });

  it('passes the limits exactly', () => {
    expect(() =>
      checkEpisodeLimits(episode(Array.from({ length: MAX_TURNS }, () => turn('hi'))), 'f', 'r'),
    ).not.toThrow();
    expect(() => checkEpisodeLimits(episode([turn('x'.repeat(MAX_TURN_TEXT_CHARS))]), 'f', 'r')).not.toThrow();
  });

  it('refuses one turn too many and one character too many, naming the turn', () => {
    const many = refusal(() =>
      checkEpisodeLimits(episode(Array.from({ length: MAX_TURNS + 1 }, () => turn(''))), 'a.json', 'simulation 2'),
    );
    expect([many.file, many.record, many.field, many.problem]).toEqual([
      'a.json',
      'simulation 2',
      'turns',
      `${MAX_TURNS + 1} turns, more than the ${MAX_TURNS} an episode may have`,
    ]);
    const long = refusal(() =>
      checkEpisodeLimits(episode([turn('hi'), turn('x'.repeat(MAX_TURN_TEXT_CHARS + 1), 41_800)]), 'a.json', 'r'),
    );
    expect(long.field).toBe('turns[1].text');
    expect(long.problem).toBe(
      `turn 2 (agent, from 41.8 s) has ${MAX_TURN_TEXT_CHARS + 1} characters of text, ` +
        'more than the 200000 allowed',
    );
  });
});

describe('audio limits and WAV header sanity', () => {
  const dir = tempDir();
  const wav = (name: string, bytes: Buffer, size?: number) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    if (size !== undefined) truncateSync(path, size);
    return path;
  };
  const pcm = (sampleRate: number, channels: number, frames: number) =>
    wavBytes({ sampleRate, channels, bitsPerSample: 16, data: Buffer.alloc(frames * channels * 2) });
  const refused = (path: string) => {
    try {
      readImportWavHeader(path);
    } catch (err) {
      expect(err).toBeInstanceOf(WavError);
      return (err as Error).message;
    }
    throw new Error('expected a refusal');
  };

  it('passes the studio’s own rates and layouts (8–48 kHz, mono to 7.1)', () => {
    for (const [rate, channels] of [
      [8000, 2],
      [16000, 1],
      [24000, 1],
      [48000, 8],
      [192000, 2],
    ]) {
      expect(readImportWavHeader(wav(`ok-${rate}-${channels}.wav`, pcm(rate, channels, 10))).channels).toBe(channels);
    }
  });

  it('refuses the 1,024-channel WAV at 1 Hz, naming the file', () => {
    const path = wav(
      'bomb.wav',
      wavBytes({ sampleRate: 1, channels: 1024, bitsPerSample: 16, data: Buffer.alloc(2 * 1024 * 1024) }),
    );
    expect(refused(path)).toBe(`${path}: header says 1024 channels, more than the 8 an audio file may have`);
    expect(refused(wav('nine.wav', pcm(8000, 9, 10)))).toMatch(/9 channels, more than the 8/);
  });

  it('refuses sample rates outside 8–192 kHz', () => {
    expect(refused(wav('slow.wav', pcm(7999, 1, 10)))).toMatch(/7999 Hz, outside the 8000–192000 Hz/);
    expect(refused(wav('fast.wav', pcm(384000, 1, 10)))).toMatch(/384000 Hz, outside/);
  });

  it('refuses audio longer than four hours (sparse file, header telling the truth)', () => {
    const frames = 4 * 3600 * 8000 + 8000;
    const head = wavBytes({
      sampleRate: 8000,
      channels: 1,
      bitsPerSample: 16,
      data: Buffer.alloc(0),
      declaredDataBytes: frames * 2,
    });
    expect(refused(wav('long.wav', head, head.length + frames * 2))).toMatch(
      /lasts 14401 s, more than the 4 h an audio file may last/,
    );
    expect(wavLimitProblem({ channels: 2, sampleRate: 8000, durationMs: 4 * 3600 * 1000 })).toBeNull();
  });

  it('refuses a file over 4 GiB before reading its header', () => {
    expect(refused(wav('huge.wav', pcm(8000, 1, 10), 4096 * 1024 * 1024 + 1))).toMatch(
      /is 4,294,967,297 bytes, more than the 4 GiB an audio file may have/,
    );
  });

  it('refuses headers that do not match the file: zero channels, chunks past the end, no data', () => {
    expect(
      refused(wav('zero.wav', wavBytes({ sampleRate: 8000, channels: 0, bitsPerSample: 16, data: Buffer.alloc(4) }))),
    ).toMatch(/0 channels/);
    const lying = wavBytes({
      sampleRate: 8000,
      channels: 1,
      bitsPerSample: 16,
      data: Buffer.alloc(10),
      declaredDataBytes: 1 << 30,
    });
    expect(refused(wav('lying.wav', lying))).toMatch(/data chunk has 1073741824 bytes but the file holds only 10/);
    const list = pcm(8000, 1, 10);
    list.write('LIST', 12, 'ascii');
    list.writeUInt32LE(0x7fffffff, 16);
    expect(refused(wav('list.wav', list))).toMatch(/no fmt chunk found/);
    expect(refused(wav('riff.wav', Buffer.from('RIFF\x04\x00\x00\x00WAVE')))).toMatch(/no fmt chunk found/);
  });
});
