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
