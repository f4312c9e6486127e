/**
 * Performance marks along the opening of an episode (`earshot:open`, `:detail`, `:peaks`, `:media`, `:wave-created`,
 * `:wave-drawn`, `:media-canplay`), read by the browser benchmark to say where the time from the press goes.
 */

/** Marks `earshot:<step>` on the page's performance timeline. */
export function markOpen(step: string): void {
  performance.mark(`earshot:${step}`);
}
