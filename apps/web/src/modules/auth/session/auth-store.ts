import { createStore } from 'zustand/vanilla';
import type { SignedInUser } from '../lib/jwt-claims';

/**
 * The access token and the user read from it, held in memory only (never in storage a script
 * could read later). One store per tab; it is written only in the browser.
 */
interface AuthState {
  token: string | null;
  user: SignedInUser | null;
}

export const authStore = createStore<AuthState>()(() => ({ token: null, user: null }));
