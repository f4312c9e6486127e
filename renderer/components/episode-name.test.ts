import { describe, expect, it } from 'vitest';
import { readableName } from './episode-name';

describe('readableName', () => {
  it('names a call with an opaque id by its task and trial, and keeps readable ids', () => {
    const uuid = '49b22f0c-4a56-41c5-922f-bc2a56e53a23';
    expect(readableName({ externalId: uuid, task: '40', trial: 0 })).toBe('task 40 · trial 0');
    expect(readableName({ externalId: uuid, task: 'intake_emails_hard_11', trial: 2 })).toBe(
      'intake_emails_hard_11 · trial 2',
    );
    expect(readableName({ externalId: uuid, task: '', trial: 0 })).toBeNull();
    expect(readableName({ externalId: 'vera_aime_0a923d23', task: 'vera_aime_0a923d23', trial: 0 })).toBeNull();
  });
});
