/** The web host's launch token in the page's address: read once, then taken out of the address bar. */

/**
 * Returns the `token` of the page's address, or null, and replaces the address with the same one without it, so it
 * is not left on screen, in a shared screenshot or in a bookmark; the cookie the host set with it lets the page in.
 */
export function takeAddressToken(
  location: Location = window.location,
  history: History = window.history,
): string | null {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  if (token === null) return null;
  url.searchParams.delete('token');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token;
}
