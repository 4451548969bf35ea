import { categorySchema, imageSchema, menuItemSchema, productDetailSchema, productSummarySchema } from '@shop/domain/catalogue';
import { orderSchema } from '@shop/domain/order';
import { z } from 'zod';

/**
 * Domain schemas that are components of the document by name (decision 039), so a generated client has an `Order`
 * type rather than one anonymous copy per operation. `MenuItem` must be one: it is recursive, and a recursive schema
 * without an id has nowhere to put its definition (fastify-type-provider-zod would leave a dangling $ref).
 * Registered once per process in zod's global registry, which fastify-type-provider-zod reads (an input copy is
 * named `<Name>Input`).
 */
const named: [z.ZodType, string][] = [
  [menuItemSchema, 'MenuItem'],
  [imageSchema, 'Image'],
  [categorySchema, 'Category'],
  [productSummarySchema, 'ProductSummary'],
  [productDetailSchema, 'ProductDetail'],
  [orderSchema, 'Order'],
];

export function registerNamedSchemas(): void {
  for (const [schema, id] of named) {
    const existing = z.globalRegistry.get(schema);
    if (existing?.id === id) continue;
    // Keep a description the domain gave it (`.describe()` is metadata in the same registry).
    z.globalRegistry.remove(schema);
    z.globalRegistry.add(schema, { ...existing, id });
  }
}
