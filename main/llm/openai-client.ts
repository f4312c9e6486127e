/** The real `openai` client at any base URL, with its own retries off (ours, in retry.ts, honour retry-after uniformly). */
import OpenAI from 'openai';

/** A client for `baseUrl` with `apiKey`; requests time out after `timeoutMs`. */
export function openaiClient(baseUrl: string, apiKey: string, timeoutMs = 60_000): OpenAI {
  return new OpenAI({ baseURL: baseUrl, apiKey, maxRetries: 0, timeout: timeoutMs, dangerouslyAllowBrowser: false });
}
