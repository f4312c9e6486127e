/**
 * The S3 client of a remote import: the AWS SDK's, signed with the user's standard credentials (the SDK's default
 * provider chain: environment, shared config and credentials files, SSO, process, container and instance roles)
 * when there are any, and anonymous when there are none or when asked (`--no-sign-request`). The endpoint may be
 * another S3-speaking server (`AWS_ENDPOINT_URL_S3` or `AWS_ENDPOINT_URL`, path-style addressing). Credentials are
 * never logged, stored or put in a message.
 */
import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { DomainError } from '../domain/errors';
import { urlSecretProblem } from '../llm/url-secrets';

/** How to reach S3. */
export interface S3Access {
  /** Never sign requests, as for a public bucket. */
  noSignRequest?: boolean;
  /** Another S3-speaking endpoint (default: the environment's AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL, else AWS). */
  endpoint?: string;
  /** The region (default: AWS_REGION / AWS_DEFAULT_REGION, else us-east-1; a bucket elsewhere is followed). */
  region?: string;
  env?: NodeJS.ProcessEnv;
}

/** A client, and whether it signs. */
export interface ResolvedS3Client {
  client: S3Client;
  signed: boolean;
}

/** A signer that leaves requests unsigned: how the SDK reads a public bucket anonymously. */
const ANONYMOUS = { sign: async <R>(request: R): Promise<R> => request };

function baseConfig(access: S3Access): S3ClientConfig {
  const env = access.env ?? process.env;
  const endpoint = access.endpoint ?? env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL;
  if (endpoint) {
    const problem = urlSecretProblem(endpoint);
    if (problem) throw new DomainError('invalid_input', `S3 endpoint: ${problem}`);
  }
  return {
    region: access.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    followRegionRedirects: true,
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
  };
}

/** Builds the client: signed when the default chain finds credentials (unless turned off), else anonymous. */
export async function s3ClientFor(access: S3Access = {}): Promise<ResolvedS3Client> {
  const config = baseConfig(access);
  const anonymous = (): ResolvedS3Client => ({
    client: new S3Client({ ...config, credentials: { accessKeyId: '', secretAccessKey: '' }, signer: ANONYMOUS }),
    signed: false,
  });
  if (access.noSignRequest) return anonymous();
  const client = new S3Client(config);
  try {
    await client.config.credentials();
    return { client, signed: true };
  } catch {
    client.destroy();
    return anonymous();
  }
}
