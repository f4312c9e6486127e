import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../../test-support/temp-files';
import { loadJudgeConfig } from '../judge/config';
import { loadSystemConfig } from '../runner/systems/config';
import { urlSecretProblem } from './url-secrets';

afterAll(removeTempDirs);

const KEY = 'sk-test-0123456789abcdefSECRET';
const system = (extra: Record<string, unknown>) => ({ kind: 'text', id: 'sys', model: 'm', ...extra });
const refusal = (load: () => unknown): string => {
  try {
    load();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the config was accepted');
};

describe('secrets in URLs', () => {
  it('finds credentials before the host and keys in the query or fragment, and quotes neither', () => {
    for (const url of [
      `https://user:${KEY}@api.example.com/v1`,
      `https://${KEY}@api.example.com/v1`,
      `https://api.example.com/v1?api-key=${KEY}`,
      `https://api.example.com/v1?key=${KEY}`,
      `https://api.example.com/v1?token=${KEY}`,
      `https://api.example.com/v1?access_token=${KEY}`,
      `https://api.example.com/v1?x=1&subscription-key=${KEY}`,
      `https://api.example.com/v1#api_key=${KEY}`,
      `https://api.example.com/v1?${KEY}`,
    ]) {
      const problem = urlSecretProblem(url);
      expect(problem, url).not.toBeNull();
      expect(problem).not.toContain(KEY);
    }
  });

  it('leaves ordinary endpoints alone', () => {
    for (const url of [
      'https://api.openai.com/v1',
      'http://127.0.0.1:8000/v1',
      'https://x.openai.azure.com/openai/deployments/d?api-version=2024-02-01',
      'not a url',
    ]) {
      expect(urlSecretProblem(url), url).toBeNull();
    }
  });

  it('refuses a system config with a key in any URL, naming the field and never the key', () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        system({ baseUrl: `https://user:${KEY}@api.example.com/v1` }),
        'system config: baseUrl: the URL carries credentials',
      ],
      [
        system({ baseUrl: `https://api.example.com/v1?api-key=${KEY}` }),
        'system config: baseUrl: the URL carries a key',
      ],
      [
        system({ transcribeAgent: { model: 'w', baseUrl: `https://api.example.com/v1?token=${KEY}` } }),
        'system config: transcribeAgent.baseUrl: the URL carries a key',
      ],
    ];
    for (const [config, start] of cases) {
      const message = refusal(() => loadSystemConfig(config));
      expect(message.startsWith(start), message).toBe(true);
      expect(message).toMatch(/name an environment variable in apiKeyEnv instead$/);
      expect(message).not.toContain(KEY);
    }
  });

  it('names the config file a judge config with a key in its URL was read from', () => {
    const file = join(tempDir(), 'judge.json');
    writeFileSync(
      file,
      JSON.stringify({ id: 'j', model: 'm', baseUrl: `https://api.example.com/v1?access_token=${KEY}` }),
    );
    const message = refusal(() => loadJudgeConfig(file));
    expect(message.startsWith(`${file}: baseUrl: the URL carries a key in its query`)).toBe(true);
    expect(message).not.toContain(KEY);
  });

  it('quotes nothing of a config file that is not JSON', () => {
    const file = join(tempDir(), 'broken.json');
    writeFileSync(file, `xx{"baseUrl":"https://u:${KEY}@h/v1"}`);
    const message = refusal(() => loadSystemConfig(file));
    expect(message).toMatch(/not valid JSON/);
    expect(message).not.toContain('"ba');
  });
});
