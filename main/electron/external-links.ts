/** Which links the desktop app hands to the system browser: pure rules, with the browser and the question injected. */
import { externalLinkTarget } from '../security/navigation-policy';

/** Hosts opened without asking: where the papers and sources the studio cites live. */
export const TRUSTED_LINK_HOSTS: readonly string[] = ['arxiv.org', 'github.com'];

/** What to do with a link: open it, ask the user first (showing the whole URL), or refuse it silently. */
export type LinkDecision = { action: 'open'; url: string } | { action: 'ask'; url: string } | { action: 'refuse' };

/**
 * Only plain https URLs without credentials leave the app. Those on a trusted host (or its `www.`) open directly, any
 * other https link only after the user agrees; file:, smb:, custom protocols and the rest are refused.
 */
export function linkDecision(url: string): LinkDecision {
  const target = externalLinkTarget(url);
  if (!target) return { action: 'refuse' };
  const host = new URL(target).hostname.replace(/^www\./, '');
  return TRUSTED_LINK_HOSTS.includes(host) ? { action: 'open', url: target } : { action: 'ask', url: target };
}

/** How a link is opened and how the user is asked (shell.openExternal and a dialog in the app; fakes in tests). */
export interface LinkOpener {
  openExternal(url: string): Promise<void>;
  confirm(url: string): Promise<boolean>;
}

/** Opens `url` in the system browser as linkDecision allows; true when it was opened. */
export async function openExternalLink(url: string, opener: LinkOpener): Promise<boolean> {
  const decision = linkDecision(url);
  if (decision.action === 'refuse') return false;
  if (decision.action === 'ask' && !(await opener.confirm(decision.url))) return false;
  await opener.openExternal(decision.url);
  return true;
}

/** The question shown before a link to an unknown host opens (Electron's MessageBoxOptions, as far as used). */
export interface LinkQuestion {
  type: 'question';
  buttons: string[];
  defaultId: number;
  cancelId: number;
  message: string;
  detail: string;
}

/** The index of the button that opens the link; Cancel (0) is the default and what Escape answers. */
export const OPEN_BUTTON = 1;

/** The dialog asking whether `url` may open in the browser; the whole URL is shown as its detail. */
export function linkQuestion(url: string): LinkQuestion {
  return {
    type: 'question',
    buttons: ['Cancel', 'Open in browser'],
    defaultId: 0,
    cancelId: 0,
    message: 'Open this link in your browser?',
    detail: url,
  };
}
