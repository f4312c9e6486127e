/** A Gemini Live system config pointed at the local server: fast (audio sent at once, quick retries). */

/** A `gemini-live` system config at `baseUrl`, its key in FAKE_GEMINI_KEY; `extra` overrides any field. */
export function fakeGeminiSystem(baseUrl: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'gemini-live',
    id: 'fake-gemini-live',
    baseUrl,
    apiKeyEnv: 'FAKE_GEMINI_KEY',
    model: 'fake-gemini-live',
    pace: 'max',
    retries: 3,
    retryBaseMs: 5,
    retryMaxMs: 50,
    responseTimeoutMs: 5000,
    turnGapMs: 300,
    ...extra,
  };
}
