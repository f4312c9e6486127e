import { describe, expect, it } from 'vitest';
import { fixedDecimals, formatScore, keyLabel } from './format';

describe('number formats', () => {
  it('never shows a negative zero', () => {
    expect([fixedDecimals(-0.0004, 3), fixedDecimals(-0, 3), fixedDecimals(-1e-17, 2)]).toEqual([
      '0.000',
      '0.000',
      '0.00',
    ]);
    expect([fixedDecimals(-0.0006, 3), fixedDecimals(0.25, 1)]).toEqual(['-0.001', '0.3']);
    expect([formatScore(-0.0001), formatScore(null)]).toEqual(['0', '–']);
  });
});

describe('keys shown to people', () => {
  it('drops the condition. and info. prefixes and spaces the words', () => {
    expect(['condition.benchmark', 'condition.speech_complexity', 'info.track', 'system', 'env'].map(keyLabel)).toEqual([
      'benchmark',
      'speech complexity',
      'track',
      'system',
      'env',
    ]);
  });
});
