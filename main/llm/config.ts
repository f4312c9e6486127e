/** What every OpenAI-compatible endpoint's config shares: key variable, base URL, and validation that refuses keys. */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { findUrlSecret, urlSecretProblem } from './url-secrets';

/** What a message about a key found in a config tells the user to do instead. */
const USE_KEY_ENV = 'API keys are never read from config files; name an environment variable in apiKeyEnv instead';

/** An environment variable name holding an API key, or null for an endpoint that needs none. */
export const keyEnv = z
  .string()
  .regex(/^[A-Z_][A-Z0-9_]{0,63}$/, 'must be an environment variable name like OPENAI_API_KEY')
  .nullable()
  .default('OPENAI_API_KEY');
/** An http(s) URL without a secret in it (no user:password@, no key in the query). */
export const endpointUrl = z.url({ protocol: /^https?$/ }).superRefine((url, ctx) => {
  const problem = urlSecretProblem(url);
  if (problem) ctx.addIssue({ code: 'custom', message: `${problem}; ${USE_KEY_ENV}` });
});
/** An OpenAI-compatible base URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:8000/v1. */
export const baseUrl = endpointUrl.default('https://api.openai.com/v1');

/** A config that fails validation, naming the file and the field. */
export class ConfigError extends Error {}

const SECRET_KEYS = /^(api_?key|apiKey|key|token|secret|authorization)$/i;

function findSecret(value: unknown, path: string[] = []): string | null {
  if (!value || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (SECRET_KEYS.test(k)) return [...path, k].join('.');
    const inner = findSecret(v, [...path, k]);
    if (inner) return inner;
  }
  return null;
}

/**
 * Validates a config object with any zod schema; `name` names it in errors. An inline key is refused, and so is any URL
 * carrying one (user:password@, ?api-key=…), with a message naming the field but never quoting the URL.
 */
export function parseConfig<S extends z.ZodType>(schema: S, raw: unknown, name: string): z.output<S> {
  const secret = findSecret(raw);
  if (secret) throw new ConfigError(`${name}: ${secret}: ${USE_KEY_ENV}`);
  const inUrl = findUrlSecret(raw);
  if (inUrl) throw new ConfigError(`${name}: ${inUrl.path}: ${inUrl.problem}; ${USE_KEY_ENV}`);
  const res = schema.safeParse(raw);
  if (res.success) return res.data;
  const issue = res.error.issues[0];
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const path = [...issue.path, ...keys.slice(0, 1)].join('.') || '(config)';
  throw new ConfigError(`${name}: ${path}: ${keys.length ? 'unknown field (see docs/runner.md)' : issue.message}`);
}

/** A JSON syntax fault without the text V8 quotes from the file (`Unexpected token 'x', "…" is not valid JSON`). */
function jsonFault(err: Error): string {
  return err.message.replace(/, ".*is not valid JSON$/s, '');
}

/** Reads a JSON config from a file path, or takes an inline object, and validates it. */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  source: string | Record<string, unknown>,
  what: string,
): z.output<S> {
  if (typeof source !== 'string') return parseConfig(schema, source, what);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(source, 'utf8'));
  } catch (err) {
    const why =
      (err as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'does not exist'
        : `not valid JSON (${jsonFault(err as Error)})`;
    throw new ConfigError(`${source}: ${why}`);
  }
  return parseConfig(schema, raw, source);
}
