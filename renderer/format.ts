/** Formatting of times and numbers for display. */

/** m:ss.s for a time in ms; an en dash when unknown. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '–';
  const total = Math.max(0, ms) / 1000;
  const m = Math.floor(total / 60);
  const s = total - m * 60;
  return `${m}:${s.toFixed(1).padStart(4, '0')}`;
}

/** A reward or score with up to 3 decimals; an en dash when unknown. */
export function formatScore(v: number | null | undefined): string {
  return v === null || v === undefined ? '–' : String(Math.round(v * 1000) / 1000);
}

/** `x` with `digits` decimals, never a negative zero (shared with the CLI and the reports). */
export { fixedDecimals } from '../shared/fixed-decimals';

/**
 * A data key as people read it: a condition or info key without its `condition.` / `info.` prefix, underscores and
 * dots as spaces (`condition.benchmark` → "benchmark", `speech_complexity` → "speech complexity").
 */
export function keyLabel(key: string): string {
  return key.replace(/^(condition|info)\./, '').replace(/[._]+/g, ' ').trim() || key;
}
