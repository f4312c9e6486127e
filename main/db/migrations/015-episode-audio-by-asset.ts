/**
 * Migration 15: episode_audio by asset, so the media doors can ask at each request whether an asset belongs to any
 * episode a reader may see (an asset only an import in progress links is not served).
 */
export const migration015 = `
CREATE INDEX episode_audio_asset ON episode_audio (asset_id);
`;
