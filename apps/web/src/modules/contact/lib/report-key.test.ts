import { describe, expect, it } from 'vitest';
import { currentPageKey, fileableKey } from './report-key';

describe('the page key', () => {
  it('is the key query parameter, trimmed, or null', () => {
    expect(currentPageKey('?key=KG-261123-7K3M9Q')).toBe('KG-261123-7K3M9Q');
    expect(currentPageKey('?q=lamp&key=%20ORD1%20')).toBe('ORD1');
    expect(currentPageKey('?key=')).toBeNull();
    expect(currentPageKey('')).toBeNull();
  });

  it('is sent as its own field only when the API can file it', () => {
    expect(fileableKey('KG-1')).toBe('KG-1');
    expect(fileableKey('two words')).toBeUndefined();
    expect(fileableKey(null)).toBeUndefined();
  });
});
