/** Majority voting over judge samples. */

/** The winner of a vote, its share of the valid votes, and the counts. */
export interface VoteResult {
  winner: string;
  share: number;
  counts: Record<string, number>;
}

/** The most frequent value; a tie goes to the value listed first in `tieOrder` (then to the earliest vote). */
export function majority(votes: readonly string[], tieOrder: readonly string[] = []): VoteResult {
  if (votes.length === 0) throw new Error('no votes to count');
  const counts: Record<string, number> = {};
  for (const v of votes) counts[v] = (counts[v] ?? 0) + 1;
  const top = Math.max(...Object.values(counts));
  const tied = Object.keys(counts).filter((k) => counts[k] === top);
  const rank = (k: string) => (tieOrder.includes(k) ? tieOrder.indexOf(k) : tieOrder.length + votes.indexOf(k));
  const winner = tied.sort((a, b) => rank(a) - rank(b))[0];
  return { winner, share: top / votes.length, counts };
}

/** Items chosen by more than half of the voters; if none is, the most chosen one(s) by the tie rule. */
export function majoritySet(choices: readonly (readonly string[])[], order: readonly string[] = []): string[] {
  const counts = new Map<string, number>();
  for (const set of choices) for (const c of new Set(set)) counts.set(c, (counts.get(c) ?? 0) + 1);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  const over = [...counts].filter(([, n]) => n * 2 > choices.length).map(([k]) => k);
  if (over.length) return over.sort((a, b) => rank(a) - rank(b));
  if (counts.size === 0) return [];
  return [majority(choices.flat(), order).winner];
}
