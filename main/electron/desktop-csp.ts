/**
 * The desktop page's Content-Security-Policy. It is the web page's policy (main/web/static.ts) without what only the
 * browser door needs: the desktop renderer talks to the main process over IPC, so it may open no WebSocket and
 * connect nowhere but its own app:// origin; media come from earshot-media://; no frames, plugins, base or forms.
 */
export const DESKTOP_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "media-src 'self' earshot-media: blob:; connect-src 'self'; font-src 'self'; frame-src 'none'; " +
  "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";
