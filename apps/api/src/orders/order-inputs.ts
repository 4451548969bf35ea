import { addresses, type Database, orderIdempotencyKeys, pincodes, products, productVariants, session as sessions, user as users } from '@shop/db';
import { sql } from 'drizzle-orm';
import type { UserRow } from '../auth/request-user.ts';
import type { PincodeService } from '../delivery/deliverable.ts';
import { rowsOf } from '../lib/rows.ts';
import { confirmedEvents, type CustomerEventInputs, customerEventQuery } from '../messages/order-events.ts';
import { executeNamed } from './named-statement.ts';
import type { CartRow } from './price-lines.ts';

/**
 * Everything placing an order reads before it writes, in ONE statement (one round trip instead of six): the
 * caller's user row if the caller's session still lives (POST /api/user/order checks it here rather than in a separate
 * sign-in read, see plugins/auth.ts requireCaller), the chosen address if it is the caller's, the delivery directory's
 * row of its pincode (issue 22), the order an earlier request with the same Idempotency-Key made, the requested
 * products with all their options, and, for a cash-on-delivery order (`messages`), what its confirmation is made of
 * besides the order itself (the customer's message preferences, the shop's brand, the staff's templates; decision
 * 126: rendered before the write, written by the order's own statement). Each part is a subquery turned into JSON with
 * the same field names as the Drizzle rows, so the code after it is the same as with separate reads.
 */

interface AddressSnapshot {
  name: string;
  mobile: string;
  line1: string;
  line2: string | null;
  landmark: string | null;
  city: string;
  state: string;
  pincode: string;
}

interface OrderInputs {
  user: UserRow | null;
  address: AddressSnapshot | null;
  /** The address's pincode in the delivery directory (null: unknown to it, or no address). */
  pincode: PincodeService | null;
  earlier: { requestHash: string; orderId: string } | null;
  cart: CartRow[];
  /** The confirmation's inputs (null unless asked for). */
  messages: CustomerEventInputs | null;
}

export async function readOrderInputs(
  db: Database,
  input: { userId: string; sessionId: string; addressId: string; productIds: string[]; key: string | undefined; messages: boolean },
): Promise<OrderInputs> {
  const userId = sql`${input.userId}::uuid`;
  const ids = sql.join(
    input.productIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [row] = rowsOf<OrderInputs>(
    await executeNamed(
      db,
      'order-read',
      sql`
      select
        (select json_build_object('id', u.id, 'role', u.role, 'name', u.name, 'email', u.email, 'phoneNumber', u.phone_number,
            'banned', u.banned, 'emailVerified', u.email_verified, 'phoneNumberVerified', u.phone_number_verified)
          from ${users} u where u.id = ${userId}
            -- only while the caller's session lives: a signed-out token places no order (decision 049)
            and exists (select 1 from ${sessions} s where s.id = ${input.sessionId}::uuid and s.user_id = u.id and s.expires_at > now())) as "user",
        (select json_build_object('name', a.name, 'mobile', a.mobile, 'line1', a.line1, 'line2', a.line2, 'landmark', a.landmark,
            'city', a.city, 'state', a.state, 'pincode', a.pincode)
          from ${addresses} a where a.id = ${input.addressId}::uuid and a.user_id = ${userId}) as "address",
        (select json_build_object('serviceable', pc.serviceable, 'cod', pc.cod)
          from ${addresses} a join ${pincodes} pc on pc.pincode = a.pincode
          where a.id = ${input.addressId}::uuid and a.user_id = ${userId}) as "pincode",
        (select to_json(m) from (${customerEventQuery([...confirmedEvents('order-placed')], userId)}) m
          where ${input.messages}::boolean) as "messages",
        (select json_build_object('requestHash', k.request_hash, 'orderId', k.order_id)
          from ${orderIdempotencyKeys} k where k.user_id = ${userId} and k.key = ${input.key ?? null}::text) as "earlier",
        (select coalesce(json_agg(json_build_object(
              'product', json_build_object('id', p.id, 'name', p.name, 'slug', p.slug, 'images', p.images, 'price', p.price, 'mrp', p.mrp,
                'stock', p.stock, 'cod', p.cod, 'customizationType', p.customization_type, 'mediaLimit', p.media_limit,
                'needsProof', p.needs_proof),
              'variant', case when v.id is null then null else json_build_object('id', v.id, 'sku', v.sku, 'attributes', v.attributes,
                'price', v.price, 'mrp', v.mrp, 'stock', v.stock) end)), '[]'::json)
          from ${products} p left join ${productVariants} v on v.product_id = p.id
          where p.id in (${ids}) and p.published) as "cart"`,
      // One text per number of products: at most 50.
    ),
  );
  return row as OrderInputs;
}
