import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../llm/config';
import { loadSystemConfig } from './config';

describe('system config', () => {
  it('refuses an API key inside the config and names the field', () => {
    expect(() => loadSystemConfig({ kind: 'text', id: 't', model: 'm', apiKey: 'sk-123' })).toThrow(
      new ConfigError(
        'system config: apiKey: API keys are never read from config files; name an environment variable in apiKeyEnv instead',
      ),
    );
    expect(() => loadSystemConfig({ kind: 'cascade', id: 't', stt: { model: 'a' }, llm: { model: 'b' } })).toThrow(
      'system config: tts: Invalid input',
    );
    expect(() => loadSystemConfig({ kind: 'realtime', id: 'has space', model: 'm' })).toThrow(/id: no spaces/);
  });

  it('fills documented defaults', () => {
    expect(loadSystemConfig({ kind: 'realtime', id: 'rt', model: 'gpt-realtime' })).toMatchObject({
      baseUrl: 'https://api.openai.com/v1',
      apiKeyEnv: 'OPENAI_API_KEY',
      voice: 'alloy',
      protocol: 'ga',
      pace: 1,
      chunkMs: 100,
      documentDelivery: 'instructions',
      retries: 3,
      concurrency: 2,
      transcribeAgent: null,
    });
  });
});

describe('system config faults', () => {
  it('names an unknown field', () => {
    expect(() => loadSystemConfig({ kind: 'text', id: 't', model: 'm', temprature: 0 })).toThrow(
      'system config: temprature: unknown field (see docs/runner.md)',
    );
  });
});
