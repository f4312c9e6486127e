/** The groups of a field's items by system and by each condition key, for agreement broken down by group. */
import type { EpisodeRef } from './lookups';

/** One group: what it is grouped by, its value, and the row indices of its items. */
export interface ItemGroup {
  by: string;
  group: string;
  rows: number[];
}

/** Groups by system and by each condition key (VERA's track, τ-Elicitation's environment …); a key with one value is left out. */
export function breakdownGroups(items: readonly Pick<EpisodeRef, 'system' | 'condition'>[]): ItemGroup[] {
  const byKey = new Map<string, Map<string, number[]>>();
  const add = (by: string, group: string, i: number) => {
    if (!byKey.has(by)) byKey.set(by, new Map());
    const groups = byKey.get(by)!;
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push(i);
  };
  items.forEach((e, i) => {
    add('system', e.system || '(none)', i);
    for (const [k, v] of Object.entries(e.condition)) add(`condition.${k}`, String(v), i);
  });
  return [...byKey]
    .filter(([, groups]) => groups.size > 1)
    .flatMap(([by, groups]) => [...groups].map(([group, rows]) => ({ by, group, rows })));
}
