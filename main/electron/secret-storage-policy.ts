/** Whether Electron's safeStorage really encrypts the API keys it is given (pure: tested without Electron). */

/** safeStorage's backends on Linux; `basic_text` encrypts with a fixed password written in Chromium's source. */
export type LinuxStorageBackend = 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown';

/** What is known about safeStorage on this machine. */
export interface SecretStorageState {
  platform: NodeJS.Platform;
  encryptionAvailable: boolean;
  /** `safeStorage.getSelectedStorageBackend()` on Linux; not asked elsewhere. */
  linuxBackend?: LinuxStorageBackend;
}

/**
 * Why a key may not be stored, or null when it may. On Linux without a keyring (no GNOME libsecret, no KWallet),
 * safeStorage falls back to `basic_text`, which anyone who can read the file can undo: such a store is refused, as is
 * one whose backend is unknown, and the user is told to set the environment variable instead.
 */
export function secretStorageRefusal(state: SecretStorageState): string | null {
  if (!state.encryptionAvailable) return 'the OS keychain is not available; set the environment variable instead';
  if (
    state.platform === 'linux' &&
    (state.linuxBackend === undefined || state.linuxBackend === 'basic_text' || state.linuxBackend === 'unknown')
  ) {
    return `no keyring (GNOME libsecret or KWallet) is running, so the key would be stored with a fixed password (backend ${state.linuxBackend ?? 'unknown'}); set the environment variable instead`;
  }
  return null;
}
