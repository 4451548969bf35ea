import { z } from 'zod';
import type { Auth } from './create-auth.ts';

/**
 * Makes (or promotes) a shop administrator with a verified email and a password, hashed by better-auth.
 * Used by `npm run create-admin`; the back office (a later issue) creates staff from the UI.
 */

const createAdminInput = z.object({
  email: z.email({ message: '--email must be an email address' }).transform((value) => value.toLowerCase()),
  password: z
    .string({ message: '--password is required' })
    .min(8, { message: '--password must be at least 8 characters' })
    .max(128, { message: '--password must be at most 128 characters' }),
  name: z.string().trim().min(1).max(100).default('Admin'),
});

type CreateAdminInput = z.input<typeof createAdminInput>;

export async function createAdmin(auth: Auth, input: CreateAdminInput): Promise<{ id: string; email: string; created: boolean }> {
  const { email, password, name } = createAdminInput.parse(input);
  const context = await auth.$context;
  const existing = await context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  if (!existing) {
    // No request headers: better-auth skips the session and permission checks (server-side call).
    const { user } = await auth.api.createUser({ body: { email, password, name, role: 'admin', data: { emailVerified: true } } });
    return { id: user.id, email, created: true };
  }
  const userId = existing.user.id;
  await context.internalAdapter.updateUser(userId, { role: 'admin', emailVerified: true });
  const hash = await context.password.hash(password);
  if (existing.accounts.some((account) => account.providerId === 'credential')) {
    await context.internalAdapter.updatePassword(userId, hash);
  } else {
    await context.internalAdapter.linkAccount({ providerId: 'credential', accountId: userId, userId, password: hash });
  }
  return { id: userId, email, created: false };
}
