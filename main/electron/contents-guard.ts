/**
 * Guards every web contents the app creates (its window, and any other Electron may make): no new windows, no
 * navigation of any frame away from the app's own pages, no redirects elsewhere, no <webview>. Pure over the few
 * WebContents methods it uses, so it is tested with a fake.
 */
import { isAppUrl } from '../security/navigation-policy';

/** An event that can be cancelled. */
interface Cancellable {
  preventDefault(): void;
}

/** The parts of an Electron WebContents the guard uses. */
export interface GuardedContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(event: 'will-navigate' | 'will-redirect', listener: (event: Cancellable, url: string) => void): unknown;
  on(event: 'will-frame-navigate', listener: (event: Cancellable & { url: string }) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: Cancellable) => void): unknown;
}

/**
 * Installs the guards on `contents`. A request for a new window is always denied; its URL goes to `openLink`, which
 * decides whether the system browser may open it. Navigation of the main frame (`will-navigate`), of any frame
 * (`will-frame-navigate`, subframes included) and redirects are cancelled unless they stay on app://earshot.
 */
export function guardContents(contents: GuardedContents, openLink: (url: string) => void): void {
  contents.setWindowOpenHandler(({ url }) => {
    openLink(url);
    return { action: 'deny' };
  });
  const stayOnApp = (event: Cancellable, url: string) => {
    if (!isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', stayOnApp);
  contents.on('will-redirect', stayOnApp);
  contents.on('will-frame-navigate', (event) => stayOnApp(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
