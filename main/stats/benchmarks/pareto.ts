/** The latency–accuracy Pareto frontier: the systems no other system beats on both speed and accuracy. */

/** A system's point: its latency (lower is better) and its accuracy (higher is better). */
export interface TradeOffPoint {
  latency: number;
  accuracy: number;
}

/**
 * Which points are on the Pareto frontier: a point is off it when another point is at least as fast and at least as
 * accurate, and strictly better in one of the two. Points that tie on both stay on it together.
 */
export function paretoFrontier(points: readonly TradeOffPoint[]): boolean[] {
  return points.map(
    (p) =>
      !points.some(
        (q) =>
          q.latency <= p.latency && q.accuracy >= p.accuracy && (q.latency < p.latency || q.accuracy > p.accuracy),
      ),
  );
}
