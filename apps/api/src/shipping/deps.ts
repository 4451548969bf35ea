import type { Database } from '@shop/db';
import type { CarrierProvider } from './provider.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { RequestUser } from '../auth/request-user.ts';

/** What the shipping services need: the database, the carrier, and the hooks that follow a change. */
export interface ShippingDeps {
  db: Database;
  carrier: CarrierProvider;
  /** Stock came back (a returned parcel restocked): cached "out of stock" answers must go. */
  invalidateCatalogue?: () => Promise<void>;
  /** A message was written to the outbox (shipped, delivered, cancelled): send it soon. */
  wakeOutbox?: () => void;
  /** An order's GST invoice became due (a COD order shipped): the batch issuer issues it soon (decision 109). */
  wakeInvoices?: () => void;
  /** For the refund of a prepaid order returned to origin. */
  payments?: { provider: PaymentProvider };
}

export type StaffActor = Pick<RequestUser, 'id' | 'role' | 'email'>;

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
