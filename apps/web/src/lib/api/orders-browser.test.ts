import { IDEMPOTENCY_KEY_HEADER, orderApiPaths } from '@shop/domain/order';
import { describe, expect, test } from 'vitest';
import { browserOrderPaths, IDEMPOTENCY_HEADER } from './orders-browser';

describe('browser order paths', () => {
  test('agree with the orders contract', () => {
    expect(browserOrderPaths.coupon).toBe(orderApiPaths.coupon);
    expect(browserOrderPaths.place).toBe(orderApiPaths.place);
    expect(browserOrderPaths.track).toBe(orderApiPaths.track);
    expect(browserOrderPaths.cancel('a b')).toBe(orderApiPaths.cancel('a b'));
    expect(IDEMPOTENCY_HEADER).toBe(IDEMPOTENCY_KEY_HEADER);
  });
});
