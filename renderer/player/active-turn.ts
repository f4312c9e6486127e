/** Which turn is speaking at a given time: pure, so it can run at 60 Hz outside React. */
import type { Turn } from '../../shared/domain';

/** The latest-started speech turn still speaking at `ms`; else the latest one started before `ms`; -1 before any. */
export function activeTurnAt(turns: readonly Turn[], ms: number): number {
  let speaking = -1;
  let lastStarted = -1;
  for (let i = 0; i < turns.length; i++) {
    const t = turns[i];
    if (t.startMs === null || t.speaker === 'tool' || t.startMs > ms) continue;
    if (lastStarted < 0 || t.startMs >= (turns[lastStarted].startMs ?? 0)) lastStarted = i;
    if ((t.endMs === null || t.endMs >= ms) && (speaking < 0 || t.startMs >= (turns[speaking].startMs ?? 0))) speaking = i;
  }
  return speaking >= 0 ? speaking : lastStarted;
}
