import { describe, expect, it } from 'vitest';
import { refreshDelayMs } from './token-schedule';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const minutes = (n: number) => n * 60_000;
const expIn = (ms: number) => (now + ms) / 1000;

describe('refreshDelayMs', () => {
  it('refreshes a fresh 60-minute token 10 minutes before it expires (after 50 minutes)', () => {
    expect(refreshDelayMs(expIn(minutes(60)), now)).toBe(minutes(50));
  });

  it('keeps the 10-minute lead while at least 15 minutes remain', () => {
    expect(refreshDelayMs(expIn(minutes(15)), now)).toBe(minutes(5));
    expect(refreshDelayMs(expIn(minutes(30)), now)).toBe(minutes(20));
  });

  it('refreshes at once when under 15 minutes remain', () => {
    expect(refreshDelayMs(expIn(minutes(15) - 1000), now)).toBe(0);
    expect(refreshDelayMs(expIn(minutes(11)), now)).toBe(0);
    expect(refreshDelayMs(expIn(minutes(1)), now)).toBe(0);
  });

  it('refreshes at once when the token has already expired', () => {
    expect(refreshDelayMs(expIn(-minutes(5)), now)).toBe(0);
  });
});
