import { describe, expect, it } from 'vitest';
import { paymentMethods } from '../order.ts';
import { orderStatuses } from '../order-status.ts';
import { refusalMessage } from '../refusals/index.ts';
import { adminOrderListQuerySchema, adminStatusMoveSchema, kolkataDay, kolkataDayStart, nextDay, parseOrderSearch, toStatusChangeRequest } from './orders.ts';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the shop day (Asia/Kolkata)', () => {
  it('starts at 18:30 UTC the evening before and runs 24 hours', () => {
    expect(kolkataDayStart('2026-03-01').toISOString()).toBe('2026-02-28T18:30:00.000Z');
    expect(kolkataDay(new Date('2026-02-28T18:29:59Z'))).toBe('2026-02-28');
    expect(kolkataDay(new Date('2026-02-28T18:30:00Z'))).toBe('2026-03-01');
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});

describe('order search', () => {
  it('takes an @ for an email, 10+ digits for a phone (last 10), anything else for an order number', () => {
    expect(parseOrderSearch(' Asha@Example.COM ')).toEqual({ kind: 'email', value: 'asha@example.com' });
    expect(parseOrderSearch('+91 98765-43210')).toEqual({ kind: 'phone', value: '9876543210' });
    expect(parseOrderSearch('09876543210')).toEqual({ kind: 'phone', value: '9876543210' });
    expect(parseOrderSearch('kg-261123-7k3m9q')).toEqual({ kind: 'number', value: 'KG-261123-7K3M9Q' });
    expect(parseOrderSearch('12345')).toEqual({ kind: 'number', value: '12345' });
    expect(parseOrderSearch('   ')).toBeNull();
  });
});

describe('list query', () => {
  it('treats empty GET-form fields as not sent and fills page and limit', () => {
    expect(adminOrderListQuerySchema.parse({ status: '', from: '', to: '', payment: '', q: '', missing: '' })).toEqual({
      status: undefined,
      from: undefined,
      to: undefined,
      payment: undefined,
      q: undefined,
      missing: false,
      page: 1,
      limit: 20,
    });
    expect(adminOrderListQuerySchema.parse({ status: 'shipped', missing: '1', page: '3', limit: '50' })).toMatchObject({
      status: 'shipped',
      missing: true,
      page: 3,
      limit: 50,
    });
  });

  it('names the field of each bad value', () => {
    expect(errorsOf(adminOrderListQuerySchema.safeParse({ from: '2026-02-30' }))).toEqual({ from: 'order_filter_date_invalid' });
    expect(errorsOf(adminOrderListQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toEqual({ to: 'order_filter_dates_order' });
    expect(errorsOf(adminOrderListQuerySchema.safeParse({ page: '1.5' }))).toEqual({ page: 'order_filter_page_invalid' });
    expect(errorsOf(adminOrderListQuerySchema.safeParse({ limit: '101' }))).toEqual({ limit: 'order_filter_limit_invalid' });
    expect(errorsOf(adminOrderListQuerySchema.safeParse({ status: 'lost' }))).toEqual({ status: 'order_filter_status_invalid' });
    expect(errorsOf(adminOrderListQuerySchema.safeParse({ payment: 'barter' }))).toEqual({ payment: 'order_filter_payment_invalid' });
  });

  it('lists every status and payment method in the refusals that name them', () => {
    expect(refusalMessage('order_filter_status_invalid')).toBe(`Status must be one of ${orderStatuses.join(', ')}`);
    expect(refusalMessage('order_filter_payment_invalid')).toBe(`Payment method must be one of ${paymentMethods.join(', ')}`);
    expect(refusalMessage('order_filter_limit_invalid')).toBe('Limit must be a whole number from 1 to 100');
  });
});

describe('status move form', () => {
  const blank = { note: '', carrier: '', number: '', link: '' };
  it('needs a status, a reason to cancel, a carrier and number to ship', () => {
    expect(errorsOf(adminStatusMoveSchema.safeParse({ ...blank, status: '' }))).toEqual({ status: 'status_move_choose' });
    expect(errorsOf(adminStatusMoveSchema.safeParse({ ...blank, status: 'cancelled', note: '  ' }))).toEqual({ note: 'admin_cancel_reason_required' });
    expect(errorsOf(adminStatusMoveSchema.safeParse({ ...blank, status: 'shipped', link: 'ftp://x' }))).toEqual({
      carrier: 'admin_tracking_required',
      number: 'admin_tracking_required',
      link: 'admin_tracking_link_invalid',
    });
    expect(adminStatusMoveSchema.safeParse({ ...blank, status: 'confirmed' }).success).toBe(true);
  });

  it('becomes the API request: tracking only when shipping, empty note and link left out', () => {
    expect(toStatusChangeRequest(adminStatusMoveSchema.parse({ ...blank, status: 'packed', carrier: 'left over' }))).toEqual({ status: 'packed' });
    expect(toStatusChangeRequest(adminStatusMoveSchema.parse({ ...blank, status: 'cancelled', note: ' Out of wood ' }))).toEqual({
      status: 'cancelled',
      note: 'Out of wood',
    });
    expect(toStatusChangeRequest(adminStatusMoveSchema.parse({ ...blank, status: 'shipped', carrier: 'India Post', number: 'EE1IN' }))).toEqual({
      status: 'shipped',
      tracking: { carrier: 'India Post', number: 'EE1IN' },
    });
  });
});
