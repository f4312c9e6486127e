/**
 * Opening a Gemini Live WebSocket and the client messages sent on it: the key goes in the `key` query parameter or the
 * x-goog-api-key header at connect time only, and no error message quotes the URL.
 */
import WebSocket from 'ws';
import { HttpStatusError, TransientError } from '../../llm/retry';
import { geminiLiveUrl, type GeminiLiveSettings } from './gemini-live-config';

/** The rate the Live API takes user audio at. */
export const GEMINI_INPUT_RATE = 16_000;

/** Opens the socket: a refused handshake is an HttpStatusError (429 / 5xx retried), a failed connection transient. */
export function connectGeminiLive(config: GeminiLiveSettings, apiKey: string, signal: AbortSignal): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const url = new URL(geminiLiveUrl(config.baseUrl, config.apiVersion));
    const headers: Record<string, string> = {};
    if (config.keyIn === 'query') url.searchParams.set('key', apiKey);
    else headers['x-goog-api-key'] = apiKey;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url, { headers, handshakeTimeout: config.responseTimeoutMs, maxPayload: 64 << 20 });
    } catch {
      return reject(new Error('Gemini Live: the WebSocket URL is not valid (check baseUrl)'));
    }
    const onAbort = () => ws.terminate();
    signal.addEventListener('abort', onAbort, { once: true });
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      reject(new HttpStatusError(`Gemini Live handshake: HTTP ${res.statusCode}`, res.statusCode ?? 0, res.headers));
      ws.terminate();
    });
    ws.once('open', () => {
      signal.removeEventListener('abort', onAbort);
      resolve(ws);
    });
    ws.once('error', (err) => reject(new TransientError(`Gemini Live connection failed: ${err.message}`)));
  });
}

/** The setup message: model, audio out with a voice, instructions, transcriptions and activity detection. */
export function setupMessage(config: GeminiLiveSettings, instructions: string): Record<string, unknown> {
  const speechConfig: Record<string, unknown> = { voiceConfig: { prebuiltVoiceConfig: { voiceName: config.voice } } };
  if (config.languageCode) speechConfig.languageCode = config.languageCode;
  const generationConfig: Record<string, unknown> = { responseModalities: ['AUDIO'], speechConfig };
  if (config.temperature !== undefined) generationConfig.temperature = config.temperature;
  const a = config.automatic;
  const detection =
    config.activityDetection === 'manual'
      ? { disabled: true }
      : {
          disabled: false,
          ...(a.startSensitivity && {
            startOfSpeechSensitivity: `START_SENSITIVITY_${a.startSensitivity.toUpperCase()}`,
          }),
          ...(a.endSensitivity && { endOfSpeechSensitivity: `END_SENSITIVITY_${a.endSensitivity.toUpperCase()}` }),
          ...(a.prefixPaddingMs !== undefined && { prefixPaddingMs: a.prefixPaddingMs }),
          ...(a.silenceDurationMs !== undefined && { silenceDurationMs: a.silenceDurationMs }),
        };
  return {
    setup: {
      model: config.model.startsWith('models/') ? config.model : `models/${config.model}`,
      generationConfig,
      systemInstruction: { parts: [{ text: instructions }] },
      realtimeInputConfig: { automaticActivityDetection: detection },
      ...(config.inputTranscription && { inputAudioTranscription: {} }),
      ...(config.outputTranscription && { outputAudioTranscription: {} }),
    },
  };
}

/** One chunk of caller audio (PCM16 at 16 kHz). */
export function audioMessage(pcm16: Buffer): Record<string, unknown> {
  return {
    realtimeInput: { audio: { data: pcm16.toString('base64'), mimeType: `audio/pcm;rate=${GEMINI_INPUT_RATE}` } },
  };
}

/** Text the model reads as context without answering it (clientContent, turn left open). */
export function contextMessage(text: string): Record<string, unknown> {
  return { clientContent: { turns: [{ role: 'user', parts: [{ text }] }], turnComplete: false } };
}

/** The text of a WebSocket frame, whether it came as a text or a binary frame. */
export function frameText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}
