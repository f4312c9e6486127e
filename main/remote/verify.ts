/** Checks a downloaded file against what the server said of the object: its size, its MD5 ETag, its SHA-256. */
import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { DomainError } from '../domain/errors';
import { etagMd5, type RemoteObject } from './remote-object';

/** Which checks a file passed: 'size', 'md5', 'sha256'. */
export type PassedCheck = 'size' | 'md5' | 'sha256';

async function digests(path: string): Promise<{ md5: string; sha256: string }> {
  const md5 = createHash('md5');
  const sha = createHash('sha256');
  for await (const chunk of createReadStream(path)) {
    md5.update(chunk as Buffer);
    sha.update(chunk as Buffer);
  }
  return { md5: md5.digest('hex'), sha256: sha.digest('base64') };
}

/** Verifies the file at `path` as `object`; throws invalid_input naming the object and the check that failed. */
export async function verifyDownload(path: string, object: RemoteObject): Promise<PassedCheck[]> {
  const refuse = (why: string) =>
    new DomainError('invalid_input', `${object.name}: ${why}; the download was discarded`);
  const size = statSync(path).size;
  const passed: PassedCheck[] = [];
  if (object.size !== null) {
    if (size !== object.size) throw refuse(`downloaded ${size} bytes, the server lists ${object.size}`);
    passed.push('size');
  }
  const md5 = etagMd5(object.etag);
  if (!md5 && !object.sha256) return passed;
  const got = await digests(path);
  if (md5) {
    if (got.md5 !== md5) throw refuse(`MD5 ${got.md5} does not match the object's ETag ${md5}`);
    passed.push('md5');
  }
  if (object.sha256) {
    if (got.sha256 !== object.sha256)
      throw refuse(`SHA-256 ${got.sha256} does not match the object's checksum ${object.sha256}`);
    passed.push('sha256');
  }
  return passed;
}
