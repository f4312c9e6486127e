/** The gemini-live system config: documented defaults; keys refused in the file (the run adds its own at connect). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../../test-support/fixtures';
import { loadSystemConfig } from './config';

const base = { kind: 'gemini-live', id: 'gl', model: 'gemini-2.5-flash-native-audio-preview-12-2025' };

describe('gemini-live config', () => {
  it('fills the documented defaults', () => {
    expect(loadSystemConfig(base)).toMatchObject({
      baseUrl: 'wss://generativelanguage.googleapis.com',
      apiKeyEnv: 'GEMINI_API_KEY',
      keyIn: 'query',
      apiVersion: 'v1beta',
      voice: 'Puck',
      activityDetection: 'manual',
      automatic: {},
      inputTranscription: true,
      outputTranscription: true,
      pace: 1,
      chunkMs: 100,
      documentDelivery: 'instructions',
      transcribeAgent: null,
    });
  });

  it('reads the example system file', () => {
    const example = loadSystemConfig(join(repoRoot, 'resources', 'episode-sets', 'systems', 'gemini-live.json'));
    expect(example).toMatchObject({ kind: 'gemini-live', id: 'gemini-live', transcribeAgent: { model: 'whisper-1' } });
  });

  it('refuses a key in the config or in its URL, naming the field and never quoting the key', () => {
    const key = 'AIzaSyD-not-a-real-key-0123456789';
    expect(() => loadSystemConfig({ ...base, baseUrl: `wss://generativelanguage.googleapis.com?key=${key}` })).toThrow(
      /^system config: baseUrl: the URL carries a key in its query .*apiKeyEnv instead$/,
    );
    expect(() => loadSystemConfig({ ...base, key })).toThrow(/^system config: key: API keys are never read/);
    for (const raw of [
      { ...base, baseUrl: `wss://x.test/?key=${key}` },
      { ...base, key },
    ]) {
      const message = (() => {
        try {
          loadSystemConfig(raw);
          return 'accepted';
        } catch (err) {
          return (err as Error).message;
        }
      })();
      expect(message).toMatch(/^system config: /);
      expect(message).not.toContain(key);
    }
  });

  it('asks an agent transcriber for its own endpoint, and refuses unknown fields and values', () => {
    expect(() => loadSystemConfig({ ...base, transcribeAgent: { model: 'whisper-1' } })).toThrow(
      'system config: transcribeAgent.baseUrl: give baseUrl and apiKeyEnv (an OpenAI-compatible endpoint; ' +
        'the Gemini Live URL is not one)',
    );
    expect(() => loadSystemConfig({ ...base, activityDetection: 'server_vad' })).toThrow(
      /^system config: activityDetection:/,
    );
    expect(() => loadSystemConfig({ ...base, automatic: { silence: 300 } })).toThrow(
      'system config: automatic.silence: unknown field (see docs/runner.md)',
    );
    expect(() => loadSystemConfig({ ...base, baseUrl: 'ftp://example.test' })).toThrow(/^system config: baseUrl:/);
  });
});
