import { SHOP_TIME_ZONE } from '@shop/domain/admin/orders';

/** Dates in the back office are the shop's time (India), whatever the server's zone. */
const dateTime = new Intl.DateTimeFormat('en-IN', { timeZone: SHOP_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-IN', { timeZone: SHOP_TIME_ZONE, dateStyle: 'medium' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
