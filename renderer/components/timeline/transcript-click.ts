/** The time a click on the transcript points at, for a call whose time is not kept by an audio player. */

/** What a click's target offers: an element's `closest` (text nodes and the window have none). */
type ClickTarget = { closest?: (selector: string) => { dataset: DOMStringMap } | null };

/** The start of the transcript turn a click landed on (plus 1 ms, as the transcript seeks); null off a timed turn. */
export function transcriptClickMs(target: EventTarget | null): number | null {
  const turn = (target as ClickTarget | null)?.closest?.('.turn[data-start-ms]') ?? null;
  return turn ? Number(turn.dataset.startMs) + 1 : null;
}
