import { type Database, session as sessions, user as users } from '@shop/db';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { UserRole } from './roles.ts';
import { visibleEmail } from './phone.ts';

/** Who is calling, as routes see it (`request.user` after `app.requireUser`). */
export interface RequestUser {
  id: string;
  role: UserRole;
  name: string;
  /** Null for phone-only users (their stored placeholder address is never shown). */
  email: string | null;
  /** "+91…" or null. */
  phoneNumber: string | null;
}

export interface UserProfile {
  _id: string;
  name: string;
  email: string | null;
  mobile: string | null;
  role: UserRole;
  emailVerified: boolean;
  phoneVerified: boolean;
}

/** The columns of the user row that say who is calling (what `loadUser` and the order's first read select). */
export type UserRow = Pick<typeof users.$inferSelect, 'id' | 'role' | 'name' | 'email' | 'phoneNumber' | 'banned' | 'emailVerified' | 'phoneNumberVerified'>;

/** A user id as tokens and sessions carry it (a UUID), before it goes into a query as one. */
export function isUserId(id: string): boolean {
  return /^[0-9a-f-]{36}$/i.test(id);
}

/**
 * Who a user row says the caller is, or null when it may not act: the one rule for "signed in" (a missing or banned
 * account is not), used by `loadUser` and by routes that read the row inside their own first statement.
 */
export function requestUserFrom(row: UserRow | null | undefined): (RequestUser & { profile: UserProfile }) | null {
  if (!row || row.banned) return null;
  const role = row.role as UserRole;
  const email = visibleEmail(row.email);
  return {
    id: row.id,
    role,
    name: row.name,
    email,
    phoneNumber: row.phoneNumber ?? null,
    profile: {
      _id: row.id,
      name: row.name,
      email,
      mobile: row.phoneNumber ?? null,
      role,
      emailVerified: email !== null && row.emailVerified,
      phoneVerified: row.phoneNumber !== null && row.phoneNumberVerified === true,
    },
  };
}

/**
 * The user row behind a token or session, read on every authenticated request (one primary-key lookup),
 * so a role change, a ban or a deleted account takes effect at once rather than when the token expires.
 */
export async function loadUser(db: Database, id: string): Promise<(RequestUser & { profile: UserProfile }) | null> {
  if (!isUserId(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return requestUserFrom(row);
}

/** The session user read, prepared once per database (PostgreSQL plans it once per connection, by its name). */
function prepareSessionUserRead(db: Database) {
  return db
    .select({ user: users })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.userId, users.id), eq(sessions.id, sql.placeholder('sessionId')), gt(sessions.expiresAt, sql`now()`)))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('load-session-user');
}
const sessionUserReads = new WeakMap<Database, ReturnType<typeof prepareSessionUserRead>>();

/**
 * The user row behind an access token, read only while the token's session is alive (decision 049): the same one
 * primary-key read as `loadUser`, joined to the session the token was issued for (its `sid` claim). Signing out,
 * changing or resetting the password delete the session row, so a token of that session is refused from the next
 * request on, in every process, though its signature stays valid until it expires.
 */
export async function loadSessionUser(db: Database, id: string, sessionId: string): Promise<(RequestUser & { profile: UserProfile }) | null> {
  if (!isUserId(id) || !isUserId(sessionId)) return null;
  let read = sessionUserReads.get(db);
  if (!read) sessionUserReads.set(db, (read = prepareSessionUserRead(db)));
  const [row] = await read.execute({ id, sessionId });
  return requestUserFrom(row?.user);
}
