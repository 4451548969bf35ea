import { createAuthClient } from 'better-auth/react';
import { jwtClient, magicLinkClient, phoneNumberClient } from 'better-auth/client/plugins';

/**
 * better-auth's client for the browser. No baseURL: requests go to the relative `/api/auth` on the
 * storefront's own origin, which src/proxy.ts forwards to the API, so the session cookie is
 * first-party. Only lib/api/auth.ts uses it; components call the functions there.
 */
export const authClient = createAuthClient({
  plugins: [phoneNumberClient(), magicLinkClient(), jwtClient()],
});
