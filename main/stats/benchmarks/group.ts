/** Groups items by a string key; groups appear in the order their first item appears. */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** A stable text key for a condition map: entries sorted by name, joined as `name=value;…` ("" for no condition). */
export function conditionKey(condition: Readonly<Record<string, string>>): string {
  return Object.keys(condition)
    .sort()
    .map((name) => `${name}=${condition[name]}`)
    .join(';');
}

/** The mean of a non-empty list, or null for an empty one. */
export function meanOrNull(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}
