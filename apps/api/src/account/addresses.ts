import { addresses, type Database, user as users } from '@shop/db';
import { type Address, type AddressValues, MAX_ADDRESSES_PER_USER } from '@shop/domain/address';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { Refusal } from '../lib/refusal.ts';

/**
 * A user's saved addresses, always scoped to that user (another user's address is `address_not_found`, exactly like
 * one that does not exist).
 * Invariant: a user with addresses has exactly one default (the database allows at most one, a unique
 * partial index). Writes take a lock on the user's row first, so two requests of one user never race past the
 * 20-address cap or leave two defaults / none; different users never wait on each other.
 */

type Row = typeof addresses.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

function toAddress(row: Row): Address {
  return {
    _id: row.id,
    name: row.name,
    mobile: row.mobile,
    line1: row.line1,
    line2: row.line2,
    landmark: row.landmark,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Something that is not a uuid cannot be an address id: not found, without asking the database. */
const isAddressId = (id: string) => UUID.test(id);

function checkedId(id: string): string {
  if (!isAddressId(id)) throw new Refusal('address_not_found');
  return id;
}

const fields = (input: AddressValues) => ({
  name: input.name,
  mobile: input.mobile,
  line1: input.line1,
  line2: input.line2,
  landmark: input.landmark,
  city: input.city,
  state: input.state,
  pincode: input.pincode,
});

/** Serialises one user's address writes (see above). */
async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

const owned = (userId: string, id: string) => and(eq(addresses.userId, userId), eq(addresses.id, id));

async function findOwned(tx: Tx, userId: string, id: string): Promise<Row> {
  const [row] = await tx.select().from(addresses).where(owned(userId, id)).limit(1);
  if (!row) throw new Refusal('address_not_found');
  return row;
}

/** Clears the current default (done before setting a new one, or the unique index would refuse). */
async function clearDefault(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

/** The user's newest address other than `exceptId`, to inherit the default. */
async function newestOther(tx: Tx, userId: string, exceptId: string): Promise<Row | undefined> {
  return (
    await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, userId), ne(addresses.id, exceptId)))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1)
  )[0];
}

/** Default first, then newest first. */
export async function listAddresses(db: Database, userId: string): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toAddress);
}

/** Adds an address; the first one, or one sent with isDefault: true, becomes the default. At most 20 (`address_limit_reached`). */
export async function addAddress(db: Database, userId: string, input: AddressValues): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [{ saved } = { saved: 0 }] = await tx.select({ saved: count() }).from(addresses).where(eq(addresses.userId, userId));
    if (saved >= MAX_ADDRESSES_PER_USER) throw new Refusal('address_limit_reached');
    const isDefault = saved === 0 || input.isDefault === true;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ ...fields(input), userId, isDefault })
      .returning();
    return toAddress(row as Row);
  });
}

/**
 * Replaces an address's fields. isDefault: true makes it the default; false on the default hands the default
 * to the newest other address (with no other address it stays the default); absent leaves it as it is.
 */
export async function replaceAddress(db: Database, userId: string, id: string, input: AddressValues): Promise<Address> {
  checkedId(id);
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = await findOwned(tx, userId, id);
    let isDefault = existing.isDefault;
    if (input.isDefault === true && !existing.isDefault) {
      await clearDefault(tx, userId);
      isDefault = true;
    } else if (input.isDefault === false && existing.isDefault) {
      const heir = await newestOther(tx, userId, id);
      if (heir) {
        await clearDefault(tx, userId);
        await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, heir.id));
        isDefault = false;
      }
    }
    const [row] = await tx
      .update(addresses)
      .set({ ...fields(input), isDefault })
      .where(owned(userId, id))
      .returning();
    return toAddress(row as Row);
  });
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(db: Database, userId: string, id: string): Promise<void> {
  checkedId(id);
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [removed] = await tx.delete(addresses).where(owned(userId, id)).returning({ isDefault: addresses.isDefault });
    if (!removed) throw new Refusal('address_not_found');
    if (removed.isDefault) {
      const heir = await newestOther(tx, userId, id);
      if (heir) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, heir.id));
    }
  });
}

/** Makes an address the default (the previous default stops being one). */
export async function makeDefault(db: Database, userId: string, id: string): Promise<Address> {
  checkedId(id);
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = await findOwned(tx, userId, id);
    if (existing.isDefault) return toAddress(existing);
    await clearDefault(tx, userId);
    const [row] = await tx.update(addresses).set({ isDefault: true }).where(owned(userId, id)).returning();
    return toAddress(row as Row);
  });
}
