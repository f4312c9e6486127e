/** The system under test for a config. */
import { cascadeSystem } from './cascade';
import type { SystemConfig } from './config';
import { geminiLiveSystem } from './gemini-live';
import { realtimeSystem } from './realtime';
import { textSystem } from './text';
import type { SystemUnderTest } from './types';

/** Builds the system a config describes. */
export function systemFor(config: SystemConfig): SystemUnderTest {
  switch (config.kind) {
    case 'realtime':
      return realtimeSystem(config);
    case 'cascade':
      return cascadeSystem(config);
    case 'text':
      return textSystem(config);
    case 'gemini-live':
      return geminiLiveSystem(config);
  }
}
