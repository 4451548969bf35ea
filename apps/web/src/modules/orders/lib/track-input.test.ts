import { trackOrderRequestSchema } from '@shop/domain/order';
import { describe, expect, it } from 'vitest';
import { trackInputRefusals } from './track-input';

/** The fields trackOrderRequestSchema refuses, with their codes: what the API would answer. */
function apiRefusals(number: string, mobile: string) {
  const parsed = trackOrderRequestSchema.safeParse({ number, mobile });
  return Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

const numbers = ['', ' ', 'KG-261123-7K3M9Q', ' kg-261123-7k3m9q ', 'KG-261123-7K3M9', 'KG-2611237-K3M9Q', 'KG261123-7K3M9Q', 'KG-26112A-7K3M9Q', '42'];
const mobiles = [
  '',
  '98765 43210',
  '+91 98765-43210',
  '098765 43210',
  '0091 98765 43210',
  '919876543210',
  '(98765) 43.210',
  '58765 43210',
  '12345',
  '98765 4321a',
  '+9198765432100',
  ' '.repeat(41) + '9876543210',
];

describe('trackInputRefusals', () => {
  it('refuses exactly what the API refuses, with the same codes', () => {
    const disagreements = numbers
      .flatMap((number) => mobiles.map((mobile) => ({ number, mobile })))
      .filter(({ number, mobile }) => JSON.stringify(trackInputRefusals(number, mobile)) !== JSON.stringify(apiRefusals(number, mobile)));
    expect(disagreements).toEqual([]);
  });

  it('refuses the empty form', () => {
    expect(trackInputRefusals('', '')).toEqual({ number: 'order_number_invalid', mobile: 'tracking_mobile_invalid' });
  });
});
