/** What the desktop window may load, open and trust: pure rules, used by main/electron and tested under Node. */

/** The origin the studio's own pages are served from. */
export const APP_ORIGIN = 'app://earshot';

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True for a URL of our own app:// pages (exact origin, no credentials); everything else is refused as navigation. */
export function isAppUrl(url: string): boolean {
  const u = parse(url);
  return u !== null && u.protocol === 'app:' && u.host === 'earshot' && u.username === '' && u.password === '';
}

/** Links the user clicks open in the system browser only when they are plain https; never in a new window. */
export function externalLinkTarget(url: string): string | null {
  const u = parse(url);
  return u !== null && u.protocol === 'https:' && u.username === '' && u.password === '' ? u.toString() : null;
}

/** An IPC message is answered only when its sender frame shows one of our pages. */
export function isTrustedSender(frameUrl: string | null | undefined): boolean {
  return typeof frameUrl === 'string' && isAppUrl(frameUrl);
}
