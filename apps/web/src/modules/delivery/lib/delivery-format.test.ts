import { describe, expect, it } from 'vitest';
import { fill, formatDeliveryRange } from './delivery-format';

describe('the delivery promise as shoppers read it', () => {
  it('names the days in English, keeping the calendar date whatever the time zone', () => {
    expect(formatDeliveryRange('2026-12-05', '2026-12-07', 'en')).toBe('Sat, 5 Dec – Mon, 7 Dec');
    expect(formatDeliveryRange('2026-12-05', '2026-12-05', 'en')).toBe('Sat, 5 Dec');
  });

  it('names them in Hindi and Arabic too', () => {
    expect(formatDeliveryRange('2026-12-05', '2026-12-07', 'hi')).toContain('शनि');
    expect(formatDeliveryRange('2026-12-05', '2026-12-07', 'ar')).toContain('السبت');
  });

  it('fills the placeholders of a server-translated text, leaving unknown ones', () => {
    expect(fill('Delivered by {range} to {city}', { range: 'Sat, 5 Dec' })).toBe('Delivered by Sat, 5 Dec to {city}');
  });
});
