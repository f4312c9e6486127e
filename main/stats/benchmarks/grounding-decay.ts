import { groupBy } from './group';
import type { GroundingProbe } from './grounding-probe';
import { rate, type Rate } from './rate';

/** An inclusive range of 1-based turns. */
export type TurnWindow = readonly [first: number, last: number];

/** Early and late windows of a decay script (defaults: turns 1–5 and 13–17 of the 17-turn script). */
export interface DecayWindows {
  early?: TurnWindow;
  late?: TurnWindow;
}

/** Grounding accuracy early and late in the scripts of one system. */
export interface GroundingDecayRow {
  system: string;
  early: Rate;
  late: Rate;
  /** early − late accuracy (positive = grounding decays); null when a window is empty. */
  decay: number | null;
  /** decay / early accuracy; null when early accuracy is 0 or missing. */
  relativeDecay: number | null;
}

/** Grounding decay per system: accuracy on answerable probes in the early window minus accuracy in the late window. */
export function groundingDecay(probes: readonly GroundingProbe[], windows: DecayWindows = {}): GroundingDecayRow[] {
  const [earlyFirst, earlyLast] = windows.early ?? [1, 5];
  const [lateFirst, lateLast] = windows.late ?? [13, 17];
  return [...groupBy(probes.filter((p) => p.answerable), (p) => p.system)].map(([system, rows]) => {
    const within = (first: number, last: number): Rate => {
      const inWindow = rows.filter((p) => p.turn >= first && p.turn <= last);
      return rate(inWindow.filter((p) => p.correct && !p.refused).length, inWindow.length);
    };
    const early = within(earlyFirst, earlyLast);
    const late = within(lateFirst, lateLast);
    const decay = early.value === null || late.value === null ? null : early.value - late.value;
    const relativeDecay = decay === null || !early.value ? null : decay / early.value;
    return { system, early, late, decay, relativeDecay };
  });
}
