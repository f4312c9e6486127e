import { speaks, type InteractionChunk, type InteractionTick } from './types';

/** The two kinds of injected speech the agent should ignore. */
export type InsertKind = 'vocal_tic' | 'non_directed';

/** A speech insert active in one tick; tau2 reads `type`, mapping everything but vocal_tic to non-directed. */
export interface ActiveInsert {
  kind: InsertKind;
  text: string;
}

/** Inserts active in a chunk: the source-effects insert first, then the speech-effects insert. */
export function activeInserts(chunk: InteractionChunk | null): ActiveInsert[] {
  if (chunk === null) return [];
  const found: ActiveInsert[] = [];
  for (const effects of [chunk.source_effects, chunk.speech_effects]) {
    const insert = effects?.speech_insert;
    if (insert) found.push({ kind: insert.type === 'vocal_tic' ? 'vocal_tic' : 'non_directed', text: insert.text });
  }
  return found;
}

/** A run of consecutive user-silent ticks carrying the same insert (same kind and text); ticks are list positions, end exclusive. */
export interface InsertRun extends ActiveInsert {
  start: number;
  end: number;
}

interface OpenRun {
  run: InsertRun;
  /** Creation order: a continuing insert extends the most recently started open run of its key. */
  order: number;
}

/**
 * Out-of-turn inserts: speech inserts in ticks where the user chunk does not contain speech, merged across
 * consecutive such ticks (tau2's extract_out_of_turn_effects restricted to vocal tics and non-directed speech).
 */
export function outOfTurnInserts(ticks: readonly InteractionTick[]): InsertRun[] {
  const runs: InsertRun[] = [];
  let open: OpenRun[] = [];
  ticks.forEach((tick, i) => {
    if (speaks(tick.user_chunk)) {
      open = [];
      return;
    }
    const continuing: OpenRun[] = [];
    for (const insert of activeInserts(tick.user_chunk)) {
      const candidates = open.filter((o) => o.run.kind === insert.kind && o.run.text === insert.text);
      const previous = candidates.reduce<OpenRun | null>((best, o) => (best === null || o.order > best.order ? o : best), null);
      if (previous !== null) {
        previous.run.end = i + 1;
        open = open.filter((o) => o !== previous);
        continuing.push(previous);
      } else {
        const run = { ...insert, start: i, end: i + 1 };
        continuing.push({ run, order: runs.length });
        runs.push(run);
      }
    }
    open = continuing;
  });
  return runs;
}
