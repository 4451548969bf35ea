import type { OrderLine } from '@shop/domain/order';

export interface Personalisation {
  type: 'text' | 'image' | 'both';
  /** Units of the line still waiting for the shopper's details. */
  unitsNeeded: number;
}

/**
 * A line's personalisation status: null for a product that is not customisable. Every unit of a customisable line
 * needs its details (spec §2: one block per ordered unit); the orders contract does not yet report details already
 * sent (the customisation dialog is issue 5), so every unit counts as needed until it does.
 */
export function personalisationOf(line: Pick<OrderLine, 'quantity' | 'product_customization'>): Personalisation | null {
  if (!line.product_customization) return null;
  return { type: line.product_customization.type, unitsNeeded: line.quantity };
}
