import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DecryptError, decryptVera, deriveKey } from './decrypt';

/** Encrypts as VERA's README describes, to check the round trip independently of the decrypter. */
function encrypt(plain: string, password: string): string {
  const bytes = Buffer.from(plain, 'utf8');
  const digest = createHash('sha256').update(password).digest();
  return Buffer.from(bytes.map((b, i) => b ^ digest[i % 32])).toString('base64');
}

describe('VERA decryption', () => {
  it('derives the key by repeating the SHA-256 digest of the password', () => {
    const digest = createHash('sha256').update('canary').digest();
    const key = deriveKey('canary', 70);
    expect(key.subarray(0, 32)).toEqual(digest);
    expect(key.subarray(32, 64)).toEqual(digest);
    expect(key.subarray(64)).toEqual(digest.subarray(0, 6));
  });

  it('round-trips text longer than one digest, including non-ASCII', () => {
    const text = 'Wie viele geordnete Paare (x, y) erfüllen 12x² − xy − 6y² = 0? — a question longer than thirty-two bytes.';
    expect(decryptVera(encrypt(text, 'c4n4ry'), 'c4n4ry')).toBe(text);
  });

  it('matches a value from the fixture: expected answer of vera_aime_0a923d23', () => {
    expect(decryptVera('gRFp', '5a6da8c980b7cf8b4c9a6d48e444c6b7')).toBe('117');
  });

  it('rejects text that is not base64, and bytes that are not UTF-8 under the key', () => {
    expect(() => decryptVera('What is 2 + 2?', 'k')).toThrow(DecryptError);
    expect(() => decryptVera(Buffer.from([0xff ^ createHash('sha256').update('k').digest()[0]]).toString('base64'), 'k')).toThrow(/UTF-8/);
  });
});
