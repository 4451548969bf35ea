import { describe, expect, it } from 'vitest';
import { appendForwardedFor, normaliseAddress } from './forwarded-for.mjs';

describe('appendForwardedFor', () => {
  it('starts the header with the peer when the client sent none', () => {
    expect(appendForwardedFor(undefined, '203.0.113.7')).toBe('203.0.113.7');
  });
  it('keeps what came in and puts the peer last, so a forged entry can never be the one the API trusts', () => {
    expect(appendForwardedFor('1.2.3.4', '203.0.113.7')).toBe('1.2.3.4, 203.0.113.7');
    expect(appendForwardedFor(['1.2.3.4', '5.6.7.8'], '203.0.113.7')).toBe('1.2.3.4, 5.6.7.8, 203.0.113.7');
  });
  it('writes an IPv4 client on a dual-stack socket as plain IPv4 and keeps IPv6 as it is', () => {
    expect(appendForwardedFor(undefined, '::ffff:198.51.100.9')).toBe('198.51.100.9');
    expect(appendForwardedFor(undefined, '2001:db8::1')).toBe('2001:db8::1');
  });
  it('leaves the header alone when the socket has no address (already closed)', () => {
    expect(appendForwardedFor('1.2.3.4', undefined)).toBe('1.2.3.4');
    expect(appendForwardedFor(undefined, undefined)).toBeUndefined();
  });
});

describe('normaliseAddress', () => {
  it('does not touch an IPv6 address that merely starts like a mapped one', () => {
    expect(normaliseAddress('::ffff:abcd')).toBe('::ffff:abcd');
  });
});
