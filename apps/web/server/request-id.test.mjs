import { describe, expect, it } from 'vitest';
import { requestIdFrom } from './request-id.mjs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
  it('keeps a sane incoming id (a load balancer’s or a client’s)', () => {
    expect(requestIdFrom('req-42.a_B')).toBe('req-42.a_B');
    expect(requestIdFrom('a'.repeat(128))).toBe('a'.repeat(128));
    expect(requestIdFrom(['first-id', 'second-id'])).toBe('first-id');
  });
  it('makes a UUID when there is none', () => {
    expect(requestIdFrom(undefined)).toMatch(UUID);
    expect(requestIdFrom(null)).toMatch(UUID);
    expect(requestIdFrom('')).toMatch(UUID);
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
  it('replaces one that is too long or could forge a log line or a header', () => {
    for (const bad of ['a'.repeat(129), 'id with spaces', 'id\r\nx-admin: 1', '"quoted"', 'ü-unicode', 'a/b', '<script>']) {
      expect(requestIdFrom(bad), bad).toMatch(UUID);
    }
  });
});
