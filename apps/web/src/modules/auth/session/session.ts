import { setAccessTokenSource } from '@lib/api/access-token';
import { fetchAccessToken, signOut as signOutOnServer } from '@lib/api/auth';
import { validateUser } from '@lib/api/user-browser';
import { decodeClaims, userFromToken } from '../lib/jwt-claims';
import { refreshDelayMs } from '../lib/token-schedule';
import { authStore } from './auth-store';

/**
 * The token lifecycle of spec §4 (Auth):
 * - after sign-in the access token (60 minutes) is fetched and held in memory;
 * - a token-change listener sets the user from its claims, or clears the user when there is none;
 * - on every new token, POST /api/user validates the user (its errors only go to the console);
 * - a refresh is scheduled 10 minutes before expiry, or at once when under 15 minutes remain;
 *   refresh failures are silent;
 * - every browser API call carries the token (lib/api/browser-client.ts asks the source registered below).
 */

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let loading: Promise<string | null> | null = null;
let lastFetchAt = 0;
/** An "at once" refresh that still yields a short token must not spin: wait at least this long. */
const minRefreshGapMs = 60_000;

function scheduleRefresh(token: string) {
  clearTimeout(refreshTimer);
  const claims = decodeClaims(token);
  if (!claims) return;
  const delay = Math.max(refreshDelayMs(claims.exp, Date.now()), lastFetchAt + minRefreshGapMs - Date.now(), 0);
  refreshTimer = setTimeout(() => void refresh(), delay);
}

function onTokenChange(token: string | null) {
  clearTimeout(refreshTimer);
  if (!token) {
    authStore.setState({ user: null });
    return;
  }
  authStore.setState({ user: userFromToken(token) });
  scheduleRefresh(token);
  validateUser().catch((error: unknown) => console.error('POST /api/user failed:', error));
}

// The token-change listener.
authStore.subscribe((state, previous) => {
  if (state.token !== previous.token) onTokenChange(state.token);
});

function loadToken(): Promise<string | null> {
  loading ??= fetchAccessToken()
    .then((token) => {
      lastFetchAt = Date.now();
      authStore.setState({ token });
      return token;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

async function refresh() {
  try {
    await loadToken();
  } catch {
    // Spec §4/§8: token refresh failures are ignored silently; the next call or page load tries again.
  }
}

/** Starts (or joins) loading the token for the current session cookie; null when there is no session. */
export function startSession(): Promise<string | null> {
  if (authStore.getState().token) return Promise.resolve(authStore.getState().token);
  return loadToken().catch(() => null);
}

/** The token for an API call: waits for a load in progress, so the first call after sign-in is not anonymous. */
async function accessToken(): Promise<string | null> {
  if (loading) await loading.catch(() => null);
  return authStore.getState().token;
}

setAccessTokenSource(({ signedIn }) => (signedIn ? startSession() : accessToken()));

/** Ends the session on the server and forgets the token, the user and the refresh. */
export async function endSession(): Promise<void> {
  // A token request still on its way would otherwise answer 401 after the session is gone.
  if (loading) await loading.catch(() => null);
  clearTimeout(refreshTimer);
  await signOutOnServer();
  authStore.setState({ token: null });
}

/** Fetches a fresh token after the profile changed (name, email, mobile), so the claims follow. */
export function reloadToken(): Promise<string | null> {
  return loadToken().catch(() => authStore.getState().token);
}
