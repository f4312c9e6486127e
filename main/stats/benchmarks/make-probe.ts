import type { GroundingProbe } from './grounding-probe';

/** Test helper: a DSB-DG probe with neutral defaults, overridden field by field. */
export function probe(overrides: Partial<GroundingProbe>): GroundingProbe {
  return {
    system: 'S',
    script: 's1',
    probe: 'p',
    question: 'q',
    domain: 'finance',
    tier: 'T1',
    turn: 1,
    answerable: true,
    refused: false,
    correct: true,
    hallucination: 'none',
    confident: true,
    refresh: null,
    repeats: null,
    firstAudioMs: null,
    ...overrides,
  };
}
