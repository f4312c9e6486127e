// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { takeAddressToken } from './address-token';

describe('takeAddressToken', () => {
  it('returns the token and leaves the rest of the address as it was', () => {
    history.replaceState(null, '', '/?study=3&token=abc_-9#episode');
    expect(takeAddressToken()).toBe('abc_-9');
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/?study=3#episode');
  });

  it('changes nothing when the address has no token', () => {
    history.replaceState(null, '', '/?study=3');
    expect(takeAddressToken()).toBeNull();
    expect(location.search).toBe('?study=3');
  });
});
