import { describe, expect, it } from 'vitest';
import {
  formatShiprocketDateTime,
  formatShiprocketTimestamp,
  parseShiprocketTime,
  SHIPROCKET_KIND_STATUSES,
  shiprocketDate,
  shiprocketKind,
} from './carrier-statuses.ts';
import { trackingEventKinds } from './statuses.ts';

describe('Shiprocket statuses', () => {
  it('maps the status ids of its tracking webhook to the kinds the shop acts on', () => {
    expect(shiprocketKind(42)).toBe('picked_up');
    expect(shiprocketKind(18)).toBe('in_transit');
    expect(shiprocketKind(17)).toBe('out_for_delivery');
    expect(shiprocketKind(7)).toBe('delivered');
    expect(shiprocketKind(21)).toBe('failed_attempt');
    expect(shiprocketKind(9)).toBe('rto_initiated');
    expect(shiprocketKind(10)).toBe('rto_delivered');
  });

  it('leaves statuses the shop does not act on (manifest generated, lost) without a kind', () => {
    expect(shiprocketKind(5)).toBeNull();
    expect(shiprocketKind(12)).toBeNull();
    expect(shiprocketKind(undefined)).toBeNull();
  });

  it('sends, for each kind, a status id that maps back to it', () => {
    for (const kind of trackingEventKinds) expect(shiprocketKind(SHIPROCKET_KIND_STATUSES[kind].id)).toBe(kind);
  });
});

describe('Shiprocket times (India time, no zone)', () => {
  it('reads the webhook timestamp and the scans date form', () => {
    expect(parseShiprocketTime('23 05 2023 11:43:52')?.toISOString()).toBe('2023-05-23T06:13:52.000Z');
    expect(parseShiprocketTime('2023-05-19 15:32:17')?.toISOString()).toBe('2023-05-19T10:02:17.000Z');
    expect(shiprocketDate('2023-05-23 23:40:19')).toBe('2023-05-23');
  });

  it('refuses what it cannot read', () => {
    expect(parseShiprocketTime('yesterday')).toBeNull();
    expect(parseShiprocketTime('32 13 2023 11:43:52')).toBeNull();
    expect(parseShiprocketTime(null)).toBeNull();
  });

  it('writes both forms back', () => {
    const time = new Date('2023-05-23T06:13:52.000Z');
    expect(formatShiprocketTimestamp(time)).toBe('23 05 2023 11:43:52');
    expect(formatShiprocketDateTime(time)).toBe('2023-05-23 11:43:52');
  });
});
