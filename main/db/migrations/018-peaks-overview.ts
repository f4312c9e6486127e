/**
 * Migration 18: each audio asset keeps the overview the studio opens a call with (`OVERVIEW_BUCKETS` per channel,
 * shared/peaks-codec.ts), cut once when the asset is stored instead of on every first open. NULL when the peaks are
 * no longer than that, and for assets stored before this migration, whose overview is still cut when asked for.
 */

/** The SQL of migration 18. */
export const migration018 = `
ALTER TABLE audio_assets ADD COLUMN overview BLOB;
`;
