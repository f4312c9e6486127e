/**
 * The episode browser's in-memory index of one study: its episode ids, each sort key's order, and which episodes take
 * each value of a filtered column or condition — what every page needs and only imports change. Built lazily from
 * SQLite, kept per connection and keyed by the study's `study_browse_version` (migration 16), which triggers bump on
 * every change to the study's episodes and their conditions from any connection (other studies' writes leave it be),
 * and a move of episodes between studies bumps once (episode-writer.ts); inside a caller's transaction nothing is kept.
 */
import type { Db } from './open';
import type { EpisodeQuery } from '../../shared/types/browse';

/** A column the browser sorts by. */
export type SortKey = NonNullable<EpisodeQuery['sort']>['key'];

/** A filter whose values are indexed: an episode column, or a condition key (`condition:<key>`). */
export type ValueField = 'system' | 'outcome' | 'judge_label' | `condition:${string}`;

/** One sort key's ascending order as positions into the study's id list; nulls (last in both directions) from `nonNull` on. */
export interface SortOrder {
  positions: Int32Array;
  nonNull: number;
}

/** A study's episodes for the browser. Positions index `ids`, which ascend. */
export interface StudyIndex {
  ids: Int32Array;
  /** The position of episode `id`, or -1 when it is not in the study. */
  positionOf(id: number): number;
  /** The ascending order for `key`. */
  order(key: SortKey): SortOrder;
  /** The positions of the episodes whose `field` equals `value`. */
  positionsWith(field: ValueField, value: string): Int32Array;
  /** The positions whose reward lies in [min, max] (episodes without a reward never do). */
  rewardBetween(min: number, max: number): Int32Array;
}

/** Sort columns; nullable ones ascend with NULLs last, read from their `(study_id, col)` index in two walks. */
const ORDER_SQL: Record<Exclude<SortKey, 'id'>, { column: string; nullable: boolean }> = {
  externalId: { column: 'external_id', nullable: false },
  system: { column: 'system', nullable: false },
  task: { column: 'task', nullable: false },
  outcome: { column: 'outcome', nullable: true },
  reward: { column: 'reward', nullable: true },
  judgeLabel: { column: 'judge_label', nullable: true },
  durationMs: { column: 'duration_ms', nullable: true },
};

/** How many studies a connection keeps an index for. */
const STUDIES_KEPT = 4;

/** A kept index and the study's browse version it was built at. */
interface KeptIndex {
  version: number;
  index: StudyIndex;
}

/** Per connection, the kept indexes by study id, least recently used first. */
const cacheByDb = new WeakMap<Db, Map<number, KeptIndex>>();

/** Index lookup by id: a direct table when the ids are dense, binary search otherwise. */
function positionLookup(ids: Int32Array): (id: number) => number {
  const n = ids.length;
  if (n === 0) return () => -1;
  const min = ids[0];
  const span = ids[n - 1] - min + 1;
  if (span <= 4 * n + 1024) {
    const table = new Int32Array(span).fill(-1);
    for (let i = 0; i < n; i++) table[ids[i] - min] = i;
    return (id) => (id >= min && id - min < span ? table[id - min] : -1);
  }
  return (id) => {
    let lo = 0;
    let hi = n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (ids[mid] === id) return mid;
      if (ids[mid] < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };
}

/** The first index of ascending `values` where `past(value, x)` holds (binary search), or values.length. */
function firstAtLeast(values: Float64Array, x: number, past: (value: number, x: number) => boolean): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (past(values[mid], x)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Memoizes `make` per key. */
function memo<K, V>(make: (key: K) => V): (key: K) => V {
  const seen = new Map<K, V>();
  return (key) => {
    if (!seen.has(key)) seen.set(key, make(key));
    return seen.get(key) as V;
  };
}

function buildStudyIndex(db: Db, studyId: number): StudyIndex {
  const ids = Int32Array.from(db.prepare('SELECT id FROM episodes WHERE study_id = ?').pluck().all(studyId) as number[]).sort();
  const positionOf = positionLookup(ids);
  /** Positions of the ids found, in their order; ids of other studies are dropped. */
  const toPositions = (found: number[]) => {
    const out = new Int32Array(found.length);
    let k = 0;
    for (let i = 0; i < found.length; i++) {
      const p = positionOf(found[i]);
      if (p >= 0) out[k++] = p;
    }
    return k === out.length ? out : out.slice(0, k);
  };
  const order = memo((key: SortKey): SortOrder => {
    if (key === 'id') {
      const positions = new Int32Array(ids.length);
      for (let i = 0; i < positions.length; i++) positions[i] = i;
      return { positions, nonNull: ids.length };
    }
    const { column, nullable } = ORDER_SQL[key];
    const walk = (where: string, by: string) =>
      db.prepare(`SELECT id FROM episodes WHERE study_id = ?${where} ORDER BY ${by}`).pluck().all(studyId) as number[];
    if (!nullable) {
      const positions = toPositions(walk('', `${column}, id`));
      return { positions, nonNull: positions.length };
    }
    // the values ascending, then the nulls by id: two walks of the (study_id, column) index
    const values = walk(` AND ${column} IS NOT NULL`, `${column}, id`);
    return { positions: toPositions(values.concat(walk(` AND ${column} IS NULL`, 'id'))), nonNull: values.length };
  });
  const valueSets = memo((field: ValueField) =>
    memo((value: string) => {
      const found = field.startsWith('condition:')
        ? db.prepare('SELECT episode_id FROM episode_conditions WHERE key = ? AND value = ?').pluck().all(field.slice('condition:'.length), value)
        : db.prepare(`SELECT id FROM episodes WHERE study_id = ? AND ${field} = ?`).pluck().all(studyId, value);
      return toPositions(found as number[]); // condition rows of other studies fall out here
    }),
  );
  // The non-null rewards ascending, aligned with the reward order's first `nonNull` positions (same ORDER BY).
  let sortedRewards: Float64Array | null = null;
  const rewardBetween = (min: number, max: number) => {
    const { positions, nonNull } = order('reward');
    sortedRewards ??= Float64Array.from(
      db.prepare('SELECT reward FROM episodes WHERE study_id = ? AND reward IS NOT NULL ORDER BY reward, id').pluck().all(studyId) as number[],
    );
    const from = firstAtLeast(sortedRewards, min, (v, x) => v >= x);
    const to = firstAtLeast(sortedRewards, max, (v, x) => v > x);
    return positions.subarray(Math.min(from, nonNull), Math.min(to, nonNull));
  };
  return { ids, positionOf, order, positionsWith: (field, value) => valueSets(field)(value), rewardBetween };
}

/** The cached index, valid for the snapshot the caller's read transaction sees. */
function cachedStudyIndex(db: Db, studyId: number): StudyIndex {
  const version =
    (db.prepare('SELECT n FROM study_browse_version WHERE study_id = ?').pluck().get(studyId) as number | undefined) ?? 0;
  let kept = cacheByDb.get(db);
  if (!kept) cacheByDb.set(db, (kept = new Map()));
  let entry = kept.get(studyId);
  kept.delete(studyId); // re-inserted below: the Map's order is least recently used first
  if (!entry || entry.version !== version) {
    entry = { version, index: buildStudyIndex(db, studyId) };
    if (kept.size >= STUDIES_KEPT) kept.delete(kept.keys().next().value as number);
  }
  kept.set(studyId, entry);
  return entry.index;
}

/**
 * Runs `use` with the study's index, reused until its episodes or their conditions change. All of it reads one
 * snapshot (a read transaction), so parts of the index built on demand agree with the rest; inside a caller's own
 * transaction, which may hold uncommitted rows, a fresh index is built and not kept.
 */
export function withStudyIndex<T>(db: Db, studyId: number, use: (index: StudyIndex) => T): T {
  if (db.inTransaction) return use(buildStudyIndex(db, studyId));
  return db.transaction(() => use(cachedStudyIndex(db, studyId)))();
}
