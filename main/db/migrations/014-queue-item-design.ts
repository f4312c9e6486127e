/**
 * Migration 14: each drawn item keeps the stratum it was drawn in and its inclusion probability n_h/N_h, so the
 * judge-corrected figures read the design as drawn even after the judge is re-run (queues drawn before keep NULL and
 * fall back to their spec).
 */
export const migration014 = `
ALTER TABLE queue_items ADD COLUMN stratum TEXT;
ALTER TABLE queue_items ADD COLUMN inclusion_probability REAL
  CHECK (inclusion_probability IS NULL OR (inclusion_probability > 0 AND inclusion_probability <= 1));
`;
