/**
 * Migration 12: a turn's times can be estimated by aligning the transcript to the call's audio (main/align);
 * `aligned = 1` marks such times, which a re-alignment may replace, unlike times that came with the data.
 */
export const migration012 = `
ALTER TABLE turns ADD COLUMN aligned INTEGER NOT NULL DEFAULT 0 CHECK (aligned IN (0, 1));
`;
