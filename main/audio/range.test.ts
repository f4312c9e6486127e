import { describe, expect, it } from 'vitest';
import { decideRange, OPEN_RANGE_BYTES } from './range';

describe('decideRange', () => {
  const size = 10 * OPEN_RANGE_BYTES;

  it('serves the whole file without a Range header, or with one it cannot read', () => {
    expect(decideRange(undefined, size)).toEqual({ kind: 'whole' });
    expect(decideRange('bytes=-', size)).toEqual({ kind: 'whole' });
    expect(decideRange('items=0-5', size)).toEqual({ kind: 'whole' });
  });

  it('answers an explicit range exactly, clamped to the file', () => {
    expect(decideRange('bytes=100-199', size)).toEqual({ kind: 'partial', range: { start: 100, end: 199 } });
    expect(decideRange('bytes=100-99999999', size)).toEqual({ kind: 'partial', range: { start: 100, end: size - 1 } });
  });

  it('answers an open-ended range with at most OPEN_RANGE_BYTES, and the tail of the file in full', () => {
    expect(decideRange('bytes=0-', size)).toEqual({ kind: 'partial', range: { start: 0, end: OPEN_RANGE_BYTES - 1 } });
    expect(decideRange(`bytes=${size - 10}-`, size)).toEqual({ kind: 'partial', range: { start: size - 10, end: size - 1 } });
    expect(decideRange('bytes=-500', size)).toEqual({ kind: 'partial', range: { start: size - 500, end: size - 1 } });
  });

  it('refuses ranges past the end and empty suffixes', () => {
    expect(decideRange(`bytes=${size}-`, size)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=-0', size)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=5-4', size)).toEqual({ kind: 'unsatisfiable' });
  });
});
