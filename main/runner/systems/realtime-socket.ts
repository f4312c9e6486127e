/** The Realtime socket: its URL, the handshake (bearer key, beta header), and the session.update the client sends. */
import WebSocket from 'ws';
import { RUN_RATE } from '../audio/pcm';
import { HttpStatusError, TransientError, withRetry } from '../../llm/retry';
import type { RealtimeConfig, TurnDetectionConfig } from './config';
import { policyOf, type SessionContext } from './types';

/** The turn_detection a session.update carries: null (the client decides turns), or the server's detector. */
export function wireTurnDetection(t: TurnDetectionConfig | null): Record<string, unknown> | null {
  if (!t) return null;
  const common = { create_response: true, interrupt_response: t.interruptResponse };
  if (t.type === 'semantic_vad') return { type: t.type, eagerness: t.eagerness, ...common };
  const { threshold, prefixPaddingMs, silenceDurationMs } = t;
  return {
    type: t.type,
    threshold,
    prefix_padding_ms: prefixPaddingMs,
    silence_duration_ms: silenceDurationMs,
    ...common,
  };
}

/** The session.update event: instructions, PCM16 24 kHz in and out, the voice, and the turn detection. */
export function sessionUpdate(
  c: RealtimeConfig,
  instructions: string,
  turns: TurnDetectionConfig | null,
): Record<string, unknown> {
  const turn_detection = wireTurnDetection(turns);
  if (c.protocol === 'beta') {
    const session = { instructions, modalities: ['audio', 'text'], voice: c.voice, turn_detection };
    return {
      type: 'session.update',
      session: { ...session, input_audio_format: 'pcm16', output_audio_format: 'pcm16' },
    };
  }
  const format = { type: 'audio/pcm', rate: RUN_RATE };
  const audio = { input: { format, turn_detection }, output: { format, voice: c.voice } };
  return { type: 'session.update', session: { type: 'realtime', instructions, output_modalities: ['audio'], audio } };
}

/** The WebSocket URL of the Realtime endpoint under an HTTP base URL. */
export function realtimeUrl(baseUrl: string, model: string): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + '/realtime');
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('model', model);
  return url.toString();
}

/** Opens the Realtime socket (bearer key, beta header when asked); a refused handshake is an HttpStatusError. */
export function connect(config: RealtimeConfig, apiKey: string, signal: AbortSignal): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}` };
    if (config.protocol === 'beta') headers['OpenAI-Beta'] = 'realtime=v1';
    const ws = new WebSocket(realtimeUrl(config.baseUrl, config.model), {
      headers,
      handshakeTimeout: config.responseTimeoutMs,
      maxPayload: 64 << 20,
    });
    const onAbort = () => ws.terminate();
    signal.addEventListener('abort', onAbort, { once: true });
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      reject(new HttpStatusError(`realtime handshake: HTTP ${res.statusCode}`, res.statusCode ?? 0, res.headers));
      ws.terminate();
    });
    ws.once('open', () => {
      signal.removeEventListener('abort', onAbort);
      resolve(ws);
    });
    ws.once('error', (err) => reject(new TransientError(`realtime connection failed: ${err.message}`)));
  });
}

/** Opens the socket, retrying handshake failures by the config's policy (each retry reported to ctx.onRetry). */
export function connectWithRetry(config: RealtimeConfig, ctx: SessionContext): Promise<WebSocket> {
  return withRetry(
    'realtime connect',
    () => connect(config, ctx.apiKey, ctx.signal),
    policyOf(config),
    ctx.signal,
    (n) => ctx.onRetry?.(`${n.what}: ${n.error}; retry ${n.attempt} in ${n.delayMs} ms`),
  );
}
