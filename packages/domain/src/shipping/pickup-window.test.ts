import { describe, expect, it } from 'vitest';
import { isInPickupWindow, PICKUP_DAYS_AHEAD, pickupWindow } from './pickup-window.ts';

describe('pickupWindow', () => {
  it('runs from today in India to three days later, both allowed', () => {
    expect(PICKUP_DAYS_AHEAD).toBe(3);
    const window = pickupWindow(new Date('2026-11-28T06:00:00Z'));
    expect(window).toEqual({ from: '2026-11-28', to: '2026-12-01' });
    expect(isInPickupWindow('2026-11-27', window)).toBe(false);
    expect(isInPickupWindow('2026-11-28', window)).toBe(true);
    expect(isInPickupWindow('2026-12-01', window)).toBe(true);
    expect(isInPickupWindow('2026-12-02', window)).toBe(false);
    expect(isInPickupWindow('2027-03-01', window)).toBe(false);
  });

  it("turns with India's midnight (18:30 UTC), not the server's", () => {
    expect(pickupWindow(new Date('2026-12-30T18:29:59Z'))).toEqual({ from: '2026-12-30', to: '2027-01-02' });
    expect(pickupWindow(new Date('2026-12-30T18:30:00Z'))).toEqual({ from: '2026-12-31', to: '2027-01-03' });
  });

  it('counts the days of the calendar: a leap day, the end of February', () => {
    expect(pickupWindow(new Date('2028-02-27T12:00:00Z'))).toEqual({ from: '2028-02-27', to: '2028-03-01' });
    expect(pickupWindow(new Date('2027-02-27T12:00:00Z'))).toEqual({ from: '2027-02-27', to: '2027-03-02' });
  });
});
