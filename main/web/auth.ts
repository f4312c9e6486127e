/**
 * Access control of the web door: a per-launch token (URL or cookie), same-origin Origin and Host checks, and a
 * fetch-metadata check that keeps pages on other ports of 127.0.0.1 (same site, other origin) from using the cookie.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A fresh random token for one launch. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The name of the cookie that carries the token of the host on `port`. Browsers keep one cookie jar for all ports of
 * 127.0.0.1, so a fixed name would let two studios overwrite each other's cookie.
 */
export function tokenCookieName(port: number): string {
  return `earshot_token_${port}`;
}

/** What the door checks a request against: the launch's token, its cookie's name and the host's own origins. */
export interface DoorKeys {
  token: string;
  cookieName: string;
  origins: readonly string[];
}

/** The outcome of the door's check: through, 400 (target is no URL), 401 (no or wrong token), 403 (foreign). */
export type Access = 200 | 400 | 401 | 403;

/** `Sec-Fetch-Site` values under which the cookie is honoured: the studio's own page, or the user typing the URL. */
const COOKIE_FETCH_SITES = new Set(['same-origin', 'none']);

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The request's target as a URL, or null when it does not parse (e.g. `http://[`), which the door answers with 400. */
export function requestUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '/', 'http://127.0.0.1');
  } catch {
    return null;
  }
}

/** The token a request presents and where: `?token=` first, else the cookie named `cookieName`. */
export function presentedToken(
  req: IncomingMessage,
  url: URL,
  cookieName: string,
): { token: string; via: 'query' | 'cookie' } | null {
  const fromQuery = url.searchParams.get('token');
  if (fromQuery) return { token: fromQuery, via: 'query' };
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === cookieName) return { token: part.slice(at + 1).trim(), via: 'cookie' };
  }
  return null;
}

/**
 * What the door does with a request whose target parsed as `url`: 403 for an Origin or Host other than the host's
 * own, 401 without the right token, 403 for the right cookie sent by a page of another origin (`Sec-Fetch-Site`
 * same-site or cross-site: a page on another port of 127.0.0.1 loading `/media/1`), else 200.
 */
export function checkAccess(req: IncomingMessage, url: URL, keys: DoorKeys): Access {
  const origin = req.headers.origin;
  if (origin !== undefined && !keys.origins.includes(origin)) return 403;
  const host = req.headers.host;
  if (host !== undefined && !keys.origins.some((o) => o === `http://${host}`)) return 403;
  const presented = presentedToken(req, url, keys.cookieName);
  if (!presented || !sameSecret(presented.token, keys.token)) return 401;
  const site = req.headers['sec-fetch-site'];
  if (presented.via === 'cookie' && site !== undefined && !COOKIE_FETCH_SITES.has(String(site))) return 403;
  return 200;
}
