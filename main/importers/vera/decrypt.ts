/**
 * VERA's text protection, as its data README specifies: base64 text XOR-ed with a key made by repeating the SHA-256
 * digest of the episode's canary to the message length (the BrowseComp scheme). Decoding is strict UTF-8, as Python's.
 */
import { createHash } from 'node:crypto';

/** A ciphertext that is not base64, or does not decrypt to UTF-8 text. */
export class DecryptError extends Error {}

/** The key: SHA-256(password) repeated, then cut, to `length` bytes. */
export function deriveKey(password: string, length: number): Buffer {
  const digest = createHash('sha256').update(password, 'utf8').digest();
  const key = Buffer.alloc(length);
  for (let i = 0; i < length; i++) key[i] = digest[i % digest.length];
  return key;
}

/** Decrypts one VERA field (`text_content`, `expected_answer`) with the episode's canary. */
export function decryptVera(ciphertext: string, canary: string): string {
  const compact = ciphertext.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) throw new DecryptError('not base64 text');
  const encrypted = Buffer.from(compact, 'base64');
  const key = deriveKey(canary, encrypted.length);
  const plain = Buffer.alloc(encrypted.length);
  for (let i = 0; i < encrypted.length; i++) plain[i] = encrypted[i] ^ key[i];
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw new DecryptError('does not decrypt to UTF-8 text with this canary');
  }
}
