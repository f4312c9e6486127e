/** The one interface every system under test implements: open a session, play user turns, inject context, close. */
import type { SystemConfig } from './config';

/** One user turn: what was said, and its audio (mono, 24 kHz) for voice systems. */
export interface UserTurnInput {
  text: string;
  pcm: Float32Array | null;
}

/** The agent's reply to one user turn. */
export interface AgentReply {
  /** What the agent said: the endpoint's transcript of its audio, or its text. */
  text: string;
  /** The agent's audio, mono at 24 kHz; null for text systems. */
  audio: Float32Array | null;
  /** End of the user's audio → first agent audio chunk, ms; null without audio. */
  firstAudioDelayMs: number | null;
  /** End of the user's input → reply complete, ms. */
  responseMs: number;
  /** What the system heard the user say (its own transcription), when it tells. */
  heard: string | null;
  warnings: string[];
}

/** A live conversation with a system. */
export interface SystemSession {
  /** Gives the agent text it reads but does not hear (a document re-injection). */
  inject(text: string): Promise<void>;
  /** Plays one user turn and waits for the whole reply. */
  turn(input: UserTurnInput): Promise<AgentReply>;
  close(): void;
}

/** What opening a session needs. */
export interface SessionContext {
  /** Session instructions, with the document when it is delivered that way. */
  instructions: string;
  /** The document as a conversation item, when delivered that way. */
  contextItem: string | null;
  apiKey: string;
  signal: AbortSignal;
  /** Called for each retry of a request inside the session. */
  onRetry?: (message: string) => void;
}

/** A system under test. */
export interface SystemUnderTest {
  config: SystemConfig;
  /** Whether it takes and produces audio. */
  audio: boolean;
  open(ctx: SessionContext): Promise<SystemSession>;
}

/** The retry policy of a config. */
export function policyOf(config: SystemConfig): { retries: number; baseMs: number; maxMs: number } {
  return { retries: config.retries, baseMs: config.retryBaseMs, maxMs: config.retryMaxMs };
}

/** Milliseconds since an arbitrary origin, monotonic. */
export function now(): number {
  return performance.now();
}
