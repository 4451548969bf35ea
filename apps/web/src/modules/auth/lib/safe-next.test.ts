import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPathFor } from './safe-next';

describe('safeNextPath', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeNextPath('/my-account/saved-address')).toBe('/my-account/saved-address');
    expect(safeNextPath('/search?q=lamp#top')).toBe('/search?q=lamp#top');
  });

  it.each(['https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', 'my-account', '', '/\n//evil.test'])('refuses %j', (value) => {
    expect(safeNextPath(value, '/home')).toBe('/home');
  });

  it('refuses non-strings', () => {
    expect(safeNextPath(undefined)).toBe('/');
    expect(safeNextPath(['/a', '/b'])).toBe('/');
  });

  it('builds the sign-in link with the page to come back to', () => {
    expect(signInPathFor('/my-account/change-password')).toBe('/signin?next=%2Fmy-account%2Fchange-password');
  });
});
