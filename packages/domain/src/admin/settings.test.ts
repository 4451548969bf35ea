import { describe, expect, it } from 'vitest';
import { settingsInputSchema } from './settings.ts';

describe('settings', () => {
  const valid = {
    name: 'Shop',
    description: 'Gifts',
    logo: '/api/media/logo.webp',
    tollFreeNumber: '+91 1800 123 4567',
    contactEmail: 'a@example.com',
    freeShippingThreshold: 49_900,
    shippingFee: 15_000,
    chatWidgetId: '0123456789abcdef01234567/1abcdefg',
    analyticsId: 'G-ABCDE12345',
  };
  it('accepts ids of the exact form and stores empty ones as null', () => {
    expect(settingsInputSchema.parse(valid)).toMatchObject({ analyticsId: 'G-ABCDE12345' });
    expect(settingsInputSchema.parse({ ...valid, analyticsId: '', chatWidgetId: ' ' })).toMatchObject({ analyticsId: null, chatWidgetId: null });
  });
  it.each([
    ['analyticsId', 'UA-1234-1', 'settings_analytics_id_invalid'],
    ['analyticsId', 'G-abc"></script>', 'settings_analytics_id_invalid'],
    ['chatWidgetId', 'abc/def', 'settings_chat_widget_id_invalid'],
    ['logo', 'http://insecure.example/logo.png', 'settings_logo_invalid'],
    ['logo', '/api/media/../secret', 'settings_logo_invalid'],
    ['tollFreeNumber', '12', 'settings_toll_free_invalid'],
    ['name', '', 'admin_shop_name_required'],
    ['description', 'x'.repeat(301), 'settings_description_too_long'],
  ])('refuses %s = %s', (field, value, code) => {
    const result = settingsInputSchema.safeParse({ ...valid, [field]: value });
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message: code });
  });
});
