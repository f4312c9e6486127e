import { describe, expect, it } from 'vitest';
import { decodeRegion, encodeRegion, regionsOf, regionsProblem } from './regions';

describe('labelled regions as stored labels', () => {
  it('round-trips a region, label text included verbatim', () => {
    const r = { startMs: 1200, endMs: 3400, label: 'agent talks over the caller — "12345"' };
    expect(encodeRegion(r)).toBe('1200-3400 agent talks over the caller — "12345"');
    expect(decodeRegion(encodeRegion(r))).toEqual(r);
    expect(decodeRegion('10-20')).toEqual({ startMs: 10, endMs: 20, label: '' });
  });

  it('refuses reversed, empty or malformed regions', () => {
    expect(decodeRegion('20-10 x')).toBeNull();
    expect(decodeRegion('abc')).toBeNull();
    expect(regionsProblem(['1-2 ok', '5-3 reversed'])).toMatch(/"5-3 reversed" is not a region/);
    expect(regionsProblem('1-2')).toBe('expects a list of regions');
    expect(regionsProblem(['1-2 ok'])).toBeNull();
  });

  it('lists regions in time order', () => {
    expect(regionsOf(['500-900 b', '100-200 a']).map((r) => r.label)).toEqual(['a', 'b']);
  });
});
