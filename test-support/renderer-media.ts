/** A stand-in for the renderer's audio elements (`renderer/player/media`) in store tests, which have no media. */
import { vi } from 'vitest';

/** The module to hand to `vi.mock('../player/media', ...)`: nothing loads, and the audio is playable at once. */
export const fakeMediaModule = {
  prepareMedia: vi.fn(),
  takeMedia: vi.fn(),
  mediaPlayable: vi.fn(async () => {}),
};
