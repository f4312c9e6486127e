/**
 * An S3 location through the AWS SDK: ListObjectsV2 page by page (continuation tokens) for a prefix, HeadObject for
 * one object and for SHA-256 checksums, GetObject with Range and If-Match to resume.
 */
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { DomainError } from '../domain/errors';
import type { S3Location } from './location';
import { cachedPath, type RemoteObject } from './remote-object';
import { StaleRange, type RemoteListing, type OpenedObject, type RemoteSource } from './source';

/** The most objects a location may hold. */
const MAX_OBJECTS = 200_000;

interface SdkError {
  name?: string;
  $metadata?: { httpStatusCode?: number };
  message: string;
}

const status = (err: unknown) => (err as SdkError).$metadata?.httpStatusCode;

/** The SDK's failure as a domain error naming the location (never a credential: the SDK's messages hold none). */
function s3Failure(what: string, err: unknown): Error {
  const e = err as SdkError;
  const code = status(err);
  if (code === 403)
    return new DomainError(
      'forbidden',
      `${what}: access denied (${e.name ?? 'AccessDenied'}); check the credentials, ` +
        'or try --no-sign-request for a public bucket',
    );
  if (code === 404)
    return new DomainError('not_found', `${what}: ${e.name === 'NoSuchBucket' ? 'no such bucket' : 'nothing there'}`);
  return err instanceof Error ? err : new Error(String(err));
}

const checksum = (value: string | undefined) => (value && !value.includes('-') ? value : null);

/** Reads an S3 location with `client`. */
export class S3Source implements RemoteSource {
  constructor(
    private readonly client: S3Client,
    private readonly location: S3Location,
  ) {}

  private name(key: string): string {
    return `s3://${this.location.bucket}/${key}`;
  }

  private async head(key: string, signal?: AbortSignal): Promise<RemoteObject | null> {
    try {
      const h = await this.client.send(
        new HeadObjectCommand({ Bucket: this.location.bucket, Key: key, ChecksumMode: 'ENABLED' }),
        { abortSignal: signal },
      );
      const path = cachedPath(key.split('/').pop() ?? key, this.name(key));
      return {
        path,
        name: this.name(key),
        size: h.ContentLength ?? null,
        etag: h.ETag ?? null,
        sha256: checksum(h.ChecksumSHA256),
      };
    } catch (err) {
      if (status(err) === 404 || status(err) === 403) return null;
      throw s3Failure(this.name(key), err);
    }
  }

  /** A key without a trailing slash is first tried as one object; otherwise (or when there is none) it is a prefix. */
  async list(signal?: AbortSignal): Promise<RemoteListing> {
    const { bucket, key } = this.location;
    if (key !== '' && !key.endsWith('/')) {
      const one = await this.head(key, signal);
      if (one) return { objects: [one], single: true };
    }
    const prefix = key === '' || key.endsWith('/') ? key : `${key}/`;
    const objects: RemoteObject[] = [];
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
          { abortSignal: signal },
        );
      } catch (err) {
        throw s3Failure(this.name(prefix), err);
      }
      for (const o of page.Contents ?? []) {
        if (!o.Key || o.Key.endsWith('/')) continue; // folder markers
        objects.push({
          path: cachedPath(o.Key.slice(prefix.length), this.name(o.Key)),
          name: this.name(o.Key),
          size: o.Size ?? null,
          etag: o.ETag ?? null,
          sha256: null,
        });
        if (objects.length > MAX_OBJECTS)
          throw new DomainError(
            'invalid_input',
            `${this.name(prefix)}: more than ${MAX_OBJECTS} objects; give a narrower prefix`,
          );
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    if (objects.length === 0) throw new DomainError('not_found', `${this.name(prefix)}: no objects under this prefix`);
    return { objects, single: false };
  }

  /** Adds the SHA-256 the object's HEAD gives (S3 keeps one when the uploader asked for it). */
  async describe(object: RemoteObject, signal?: AbortSignal): Promise<RemoteObject> {
    if (object.sha256) return object;
    const key = object.name.slice(`s3://${this.location.bucket}/`.length);
    const head = await this.head(key, signal);
    return head ? { ...object, sha256: head.sha256, etag: head.etag ?? object.etag } : object;
  }

  async open(object: RemoteObject, start: number, signal?: AbortSignal): Promise<OpenedObject> {
    const key = object.name.slice(`s3://${this.location.bucket}/`.length);
    const ranged = start > 0;
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.location.bucket,
          Key: key,
          ...(ranged ? { Range: `bytes=${start}-`, ...(object.etag ? { IfMatch: object.etag } : {}) } : {}),
        }),
        { abortSignal: signal },
      );
      if (!res.Body) throw new Error('no body');
      return { fromOffset: ranged && res.ContentRange !== undefined, body: res.Body as AsyncIterable<Uint8Array> };
    } catch (err) {
      if (ranged && (status(err) === 412 || status(err) === 416))
        throw new StaleRange(`${object.name}: changed since the partial download`);
      throw s3Failure(object.name, err);
    }
  }
}
