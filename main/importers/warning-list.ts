/** Warnings gathered while reading: each kept once, in the order first seen. */

/** A list of warnings and the function that adds one unless it is there already. */
export function warningList(initial: readonly string[]): { warnings: string[]; warn: (message: string) => void } {
  const warnings = [...initial];
  return {
    warnings,
    warn: (message) => {
      if (!warnings.includes(message)) warnings.push(message);
    },
  };
}
