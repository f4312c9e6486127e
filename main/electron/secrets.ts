/**
 * API keys stored with Electron's safeStorage (OS keychain-backed encryption), in `secrets.json` in the user data
 * folder: each value encrypted, never the plain key; a store that would not really encrypt (Linux without a keyring)
 * is refused. Installed as the runner's secret store at startup; the web door and the CLI never have one and read
 * keys from the environment only.
 */
import { safeStorage } from 'electron';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installSecretStore, type SecretStore } from '../llm/keys';
import { secretStorageRefusal, type SecretStorageState } from './secret-storage-policy';

/** What safeStorage says about this machine: whether it encrypts, and with which backend on Linux. */
function storageState(): SecretStorageState {
  const linux = process.platform === 'linux';
  return {
    platform: process.platform,
    encryptionAvailable: safeStorage.isEncryptionAvailable(),
    linuxBackend: linux ? safeStorage.getSelectedStorageBackend() : undefined,
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

/** A safeStorage-backed store over `<dir>/secrets.json`. */
export function safeStorageSecrets(dir: string): SecretStore {
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
      const refusal = secretStorageRefusal(storageState());
      if (refusal) throw new Error(refusal);
      const all = load(file);
      if (value) all[env] = safeStorage.encryptString(value).toString('base64');
      else delete all[env];
      writeFileSync(`${file}.tmp`, JSON.stringify(all, null, 2), { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
    },
  };
}

/** Installs the store for this app's user data folder; call once after `app.whenReady()`. */
export function installSafeStorageSecrets(userDataDir: string): void {
  installSecretStore(safeStorageSecrets(userDataDir));
}
