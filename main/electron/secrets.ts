/**
 * API keys stored with Electron's safeStorage (OS keychain-backed encryption), in `secrets.json` in the user data
 * folder: each value encrypted, never the plain key; a store that would not really encrypt (Linux without a keyring)
 * is refused. Installed as the runner's secret store at startup; the web door and the CLI never have one and read
 * keys from the environment only. safeStorage is passed in (main.ts passes the real one; tests a fake).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '../domain/errors';
import { installSecretStore, type SecretStore } from '../llm/keys';
import { secretStorageRefusal, type LinuxStorageBackend, type SecretStorageState } from './secret-storage-policy';

/** The parts of Electron's safeStorage the store uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  getSelectedStorageBackend(): LinuxStorageBackend;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** What safeStorage says about this machine: whether it encrypts, and with which backend on Linux. */
function storageState(safeStorage: SafeStorageLike, platform: NodeJS.Platform): SecretStorageState {
  return {
    platform,
    encryptionAvailable: safeStorage.isEncryptionAvailable(),
    linuxBackend: platform === 'linux' ? safeStorage.getSelectedStorageBackend() : undefined,
  };
}

function load(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * A safeStorage-backed store over `<dir>/secrets.json` (mode 0600, replaced whole by a rename). Storing where
 * secretStorageRefusal refuses throws `unavailable` and writes nothing; an empty value removes the key.
 */
export function safeStorageSecrets(
  safeStorage: SafeStorageLike,
  dir: string,
  platform: NodeJS.Platform = process.platform,
): SecretStore {
  const file = join(dir, 'secrets.json');
  return {
    get(env) {
      const sealed = load(file)[env];
      if (!sealed || !safeStorage.isEncryptionAvailable()) return null;
      try {
        return safeStorage.decryptString(Buffer.from(sealed, 'base64'));
      } catch {
        return null;
      }
    },
    set(env, value) {
      const refusal = secretStorageRefusal(storageState(safeStorage, platform));
      if (refusal) throw new DomainError('unavailable', refusal);
      const all = load(file);
      if (value) all[env] = safeStorage.encryptString(value).toString('base64');
      else delete all[env];
      writeFileSync(`${file}.tmp`, JSON.stringify(all, null, 2), { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
    },
  };
}

/** Installs the store for this app's user data folder; call once after `app.whenReady()`. */
export function installSafeStorageSecrets(safeStorage: SafeStorageLike, userDataDir: string): void {
  installSecretStore(safeStorageSecrets(safeStorage, userDataDir));
}
