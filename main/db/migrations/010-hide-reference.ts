/**
 * Migration 10: a study can keep the gold/reference (expected answers, context documents, gold field values,
 * complications, expected actions) out of an annotator's sight until they commit their labels for the call.
 */
export const migration010 = `
ALTER TABLE annotation_settings ADD COLUMN hide_reference INTEGER NOT NULL DEFAULT 0;
`;
