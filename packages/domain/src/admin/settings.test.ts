import { describe, expect, it } from 'vitest';
import { settingsInputSchema, settingsMessages } from './settings.ts';

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
    ['analyticsId', 'UA-1234-1', settingsMessages.analyticsId],
    ['analyticsId', 'G-abc"></script>', settingsMessages.analyticsId],
    ['chatWidgetId', 'abc/def', settingsMessages.chatWidgetId],
    ['logo', 'http://insecure.example/logo.png', settingsMessages.logo],
    ['logo', '/api/media/../secret', settingsMessages.logo],
    ['tollFreeNumber', '12', settingsMessages.tollFree],
  ])('refuses %s = %s', (field, value, message) => {
    const result = settingsInputSchema.safeParse({ ...valid, [field]: value });
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });
});
