/**
 * VERA's word error rates: per system, the pooled WER of reference–hypothesis pairs (the spoken answer's transcript
 * against the system's own answer text, or the system's transcript of the question audio against the question text),
 * overall and per track, with intervals resampling items.
 */
import type { BootstrapOptions } from './bootstrap';
import { clusterSumsBootstrap } from './cluster-sums-bootstrap';
import { groupBy } from './group';
import { pooledWordErrors, wordErrors } from '../text/wer';
import type { WordErrors } from '../../../shared/types/word-errors';
import type { PooledWer, VeraWerKind, VeraWerRow } from '../../../shared/types/vera-wer-rows';

/** One graded response (episode) with the text pairs it carries; none when it stores no transcript. */
export interface WerResponse {
  system: string;
  item: string;
  track: string;
  pairs: readonly { reference: string; hypothesis: string }[];
}

const errorsOf = (w: WordErrors): number => w.substitutions + w.deletions + w.insertions;

/**
 * One row per system with at least one pair, in order of first appearance: every pair aligned after main/stats/text's
 * normalization, pooled as total errors over total reference words (overall, per track in `trackOrder`), intervals from
 * one bootstrap of the system's items (an item's repeats and turns stay together).
 */
export function veraWordErrors(
  responses: readonly WerResponse[],
  kind: VeraWerKind,
  trackOrder: (a: string, b: string) => number,
  boot: BootstrapOptions,
): VeraWerRow[] {
  return [...groupBy(responses, (r) => r.system)].flatMap(([system, list]): VeraWerRow[] => {
    const aligned = list
      .filter((r) => r.pairs.length > 0)
      .map((r) => ({ ...r, errors: r.pairs.map((p) => wordErrors(p.reference, p.hypothesis)) }));
    if (aligned.length === 0) return [];
    const tracks = [...new Set(aligned.map((r) => r.track))].sort(trackOrder);
    const clusters = new Map<string, Float64Array>();
    for (const r of aligned) {
      let v = clusters.get(r.item);
      if (!v) clusters.set(r.item, (v = new Float64Array(2 + 2 * tracks.length)));
      const at = 2 + 2 * tracks.indexOf(r.track);
      for (const w of r.errors) {
        [v[0], v[1]] = [v[0] + errorsOf(w), v[1] + w.referenceWords];
        [v[at], v[at + 1]] = [v[at] + errorsOf(w), v[at + 1] + w.referenceWords];
      }
    }
    const ratio = (i: number) => (t: Float64Array) => (t[i + 1] > 0 ? t[i] / t[i + 1] : Number.NaN);
    const intervals = clusterSumsBootstrap(
      [...clusters.values()],
      [ratio(0), ...tracks.map((_, k) => ratio(2 + 2 * k))],
      boot,
    );
    const pooled = (rows: typeof aligned, i: number): PooledWer => ({
      ...pooledWordErrors(rows.flatMap((r) => r.errors)),
      items: new Set(rows.map((r) => r.item)).size,
      pairs: rows.reduce((n, r) => n + r.errors.length, 0),
      interval: intervals[i],
    });
    return [
      {
        system,
        kind,
        responses: aligned.length,
        without: list.length - aligned.length,
        overall: pooled(aligned, 0),
        tracks: tracks.map((track, k) => ({
          track,
          ...pooled(
            aligned.filter((r) => r.track === track),
            k + 1,
          ),
        })),
      },
    ];
  });
}
