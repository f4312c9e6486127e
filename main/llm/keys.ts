/**
 * API keys: read from the environment, or from a secret store Electron installs (safeStorage). Keys are passed to
 * clients in memory only — never written to the database, the run folder, logs or exports — and redacted from messages.
 */
import type { KeyStatus } from '../../shared/types/runs';

/** Where stored keys live: Electron's safeStorage-backed store, installed by main/electron/secrets.ts. */
export interface SecretStore {
  get(env: string): string | null;
  set(env: string, value: string): void;
}

let installed: SecretStore | null = null;
const seen = new Set<string>();

/** The environment variable read when a config names none. */
export const DEFAULT_KEY_ENV = 'OPENAI_API_KEY';

/** Installs the secret store (Electron only); null removes it. */
export function installSecretStore(store: SecretStore | null): void {
  installed = store;
}

/** Whether keys can be stored on this door. */
export function canStoreKeys(): boolean {
  return installed !== null;
}

/** Stores a key in the installed secret store; false when none is installed (web door, CLI). */
export function storeKey(env: string, value: string): boolean {
  if (!installed) return false;
  installed.set(env, value);
  if (value) seen.add(value);
  return true;
}

/** A key that is needed and absent. */
export class MissingKeyError extends Error {}

/** The key named `env`: the environment first, then the secret store; null when neither has it. */
export function lookupKey(env: string, environment: NodeJS.ProcessEnv = process.env): string | null {
  const value = environment[env] || installed?.get(env) || null;
  if (value) seen.add(value);
  return value;
}

/** The key for an endpoint; `env: null` means the endpoint needs none (a local server). */
export function requireKey(env: string | null, what: string): string {
  if (env === null) return 'no-key';
  const key = lookupKey(env);
  if (!key) throw new MissingKeyError(`${what}: no API key: set ${env} in the environment${installed ? ' or store it in the app' : ''}`);
  return key;
}

/** Where the key named `env` would come from. */
export function keyStatus(env: string = DEFAULT_KEY_ENV, environment: NodeJS.ProcessEnv = process.env): KeyStatus {
  const source = environment[env] ? 'env' : installed?.get(env) ? 'stored' : 'missing';
  return { env, source, canStore: installed !== null };
}

/** `text` with every key this process has read replaced by `[redacted]`. */
export function redact(text: string): string {
  let out = text;
  for (const key of seen) if (key.length >= 8) out = out.split(key).join('[redacted]');
  return out.replace(/\b(sk-[A-Za-z0-9_-]{4})[A-Za-z0-9_-]{8,}/g, '$1…[redacted]');
}
