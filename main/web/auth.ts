/** Access control of the web door: a per-launch token (URL or cookie) and a same-origin check. */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Name of the cookie that carries the token after the first authenticated page load. */
export const TOKEN_COOKIE = 'earshot_token';

/** A fresh random token for one launch. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The token a request presents, from `?token=` or the cookie. */
export function presentedToken(req: IncomingMessage): string | null {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const fromQuery = url.searchParams.get('token');
  if (fromQuery) return fromQuery;
  const cookie = req.headers.cookie ?? '';
  for (const part of cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === TOKEN_COOKIE) return v.join('=');
  }
  return null;
}

/** What the door does with a request: let it through, 401 (no or wrong token), or 403 (foreign origin). */
export function checkAccess(req: IncomingMessage, token: string, allowedOrigins: readonly string[]): 200 | 401 | 403 {
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedOrigins.includes(origin)) return 403;
  const host = req.headers.host;
  if (host !== undefined && !allowedOrigins.some((o) => o === `http://${host}`)) return 403;
  const presented = presentedToken(req);
  if (!presented || !sameSecret(presented, token)) return 401;
  return 200;
}
