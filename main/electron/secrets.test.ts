/** The desktop key store over a recording safeStorage: sealed on disk, refused where it would not really encrypt. */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors';
import { canStoreKeys, installSecretStore, keyStatus, storeKey } from '../llm/keys';
import { fakeSafeStorage, fakeSeal } from './fake-electron';
import { installSafeStorageSecrets, safeStorageSecrets } from './secrets';

let dir: string;
const KEY = 'sk-test-0123456789abcdef';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'earshot-secrets-'));
});
afterEach(() => {
  installSecretStore(null);
  rmSync(dir, { recursive: true, force: true });
});

const stored = () => JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as Record<string, string>;

describe('safeStorage key store', () => {
  it('writes only the sealed value, readable by its owner alone, and reads it back', () => {
    const store = safeStorageSecrets(fakeSafeStorage('gnome_libsecret'), dir, 'linux');
    store.set('OPENAI_API_KEY', KEY);
    expect(stored()).toEqual({ OPENAI_API_KEY: fakeSeal(KEY).toString('base64') });
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).not.toContain(KEY);
    if (process.platform !== 'win32') expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dir, 'secrets.json.tmp'))).toBe(false);
    expect(store.get('OPENAI_API_KEY')).toBe(KEY);
    expect(store.get('GEMINI_API_KEY')).toBeNull();
  });

  it('removes a key stored with an empty value and keeps the others', () => {
    const store = safeStorageSecrets(fakeSafeStorage('kwallet6'), dir, 'linux');
    store.set('A_KEY', 'a');
    store.set('B_KEY', 'b');
    store.set('A_KEY', '');
    expect(Object.keys(stored())).toEqual(['B_KEY']);
    expect(store.get('A_KEY')).toBeNull();
  });

  it('refuses to store on Linux without a keyring, or where encryption is unavailable, and writes nothing', () => {
    for (const [safeStorage, platform] of [
      [fakeSafeStorage('basic_text'), 'linux'],
      [fakeSafeStorage('unknown'), 'linux'],
      [fakeSafeStorage('unknown', false), 'darwin'],
    ] as const) {
      const store = safeStorageSecrets(safeStorage, dir, platform);
      let error: unknown;
      try {
        store.set('OPENAI_API_KEY', KEY);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('unavailable');
      expect(existsSync(join(dir, 'secrets.json'))).toBe(false);
    }
  });

  it('does not ask for the Linux backend elsewhere: macOS and Windows keychains store', () => {
    for (const platform of ['darwin', 'win32'] as const) {
      // 'basic_text' would be refused on Linux; off Linux the backend is not consulted.
      safeStorageSecrets(fakeSafeStorage('basic_text'), dir, platform).set(`${platform.toUpperCase()}_KEY`, KEY);
    }
    expect(Object.keys(stored())).toEqual(['DARWIN_KEY', 'WIN32_KEY']);
  });

  it('reads nothing from a corrupt file, a value it did not seal, or once encryption is unavailable', () => {
    writeFileSync(join(dir, 'secrets.json'), '{not json');
    expect(safeStorageSecrets(fakeSafeStorage('gnome_libsecret'), dir, 'linux').get('OPENAI_API_KEY')).toBeNull();
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify({ OPENAI_API_KEY: Buffer.from(KEY).toString('base64') }));
    expect(safeStorageSecrets(fakeSafeStorage('gnome_libsecret'), dir, 'linux').get('OPENAI_API_KEY')).toBeNull();
    safeStorageSecrets(fakeSafeStorage('gnome_libsecret'), dir, 'linux').set('OPENAI_API_KEY', KEY);
    expect(
      safeStorageSecrets(fakeSafeStorage('gnome_libsecret', false), dir, 'linux').get('OPENAI_API_KEY'),
    ).toBeNull();
  });

  it('once installed, is the store the key functions use', () => {
    expect(canStoreKeys()).toBe(false);
    installSafeStorageSecrets(fakeSafeStorage(process.platform === 'linux' ? 'gnome_libsecret' : 'unknown'), dir);
    expect(canStoreKeys()).toBe(true);
    expect(storeKey('EARSHOT_SECRETS_TEST_KEY', KEY)).toBe(true);
    expect(keyStatus('EARSHOT_SECRETS_TEST_KEY', {})).toEqual({
      env: 'EARSHOT_SECRETS_TEST_KEY',
      source: 'stored',
      canStore: true,
    });
  });
});
