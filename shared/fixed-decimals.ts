/** Numbers with a fixed count of decimals for people to read (the studio, the CLI's text and the reports). */

/** `x` with `digits` decimals, never a negative zero: a value that rounds to zero reads "0.000", not "-0.000". */
export function fixedDecimals(x: number, digits: number): string {
  const text = x.toFixed(digits);
  return Number(text) === 0 ? (0).toFixed(digits) : text;
}
