/** Secrets written into URLs (credentials before the host, keys in the query), found without ever quoting them. */

import { isSecretParam } from '../domain/secret-names';

/** Whether a query or fragment (`?a=1&b=2`, `#a=1`) has a parameter that carries a secret. */
function hasSecretParam(part: string): boolean {
  const params = [...new URLSearchParams(part.replace(/^[?#]/, ''))];
  return params.some(([name, value]) => isSecretParam(name, value));
}

/**
 * Why the URL `text` must not be stored (it carries a user or password before the host, or a parameter named like a
 * key), or null when it carries none or is not a URL. The message quotes nothing of the URL: a parameter's name may be
 * the key itself.
 */
export function urlSecretProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password) return 'the URL carries credentials before the host (user:password@)';
  if (hasSecretParam(url.search) || hasSecretParam(url.hash)) {
    return 'the URL carries a key in its query (a parameter such as api-key=, key=, token= or access_token=)';
  }
  return null;
}

/** The first string inside `value` (a parsed JSON config) that is a URL carrying a secret: its path and the problem. */
export function findUrlSecret(value: unknown, path: readonly string[] = []): { path: string; problem: string } | null {
  if (typeof value === 'string') {
    const problem = urlSecretProblem(value);
    return problem ? { path: path.join('.') || '(config)', problem } : null;
  }
  if (!value || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const found = findUrlSecret(v, [...path, k]);
    if (found) return found;
  }
  return null;
}
