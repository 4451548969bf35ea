import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRole } from '../auth/roles.ts';

export type AdminRole = Extract<UserRole, 'staff' | 'admin'>;

interface AdminRouteEntry {
  method: string;
  url: string;
  role: AdminRole;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this /api/admin route: 'staff' (staff and admins) or 'admin' (admins only). Required there. */
    adminRole?: AdminRole;
  }
  interface FastifyInstance {
    /** Every /api/admin route with the role it needs, in registration order (the role-matrix test walks it). */
    adminRoutes: AdminRouteEntry[];
  }
}

export const ADMIN_PREFIX = '/api/admin';

/**
 * The back office's gate (issue 7): every route under /api/admin must say which role it needs in
 * `config.adminRole`, and gets that role check as its first onRequest hook. A route that forgets is refused when
 * the app starts, so no admin route can ship open by mistake. The check runs before validation, so an anonymous
 * or customer call learns nothing about the route's input rules.
 */
export const adminGuardPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function adminGuard(app: FastifyInstance) {
    const table: AdminRouteEntry[] = [];
    app.decorate('adminRoutes', table);
    app.addHook('onRoute', (route) => {
      if (route.url !== ADMIN_PREFIX && !route.url.startsWith(`${ADMIN_PREFIX}/`)) return;
      const role = route.config?.adminRole;
      if (role !== 'staff' && role !== 'admin') {
        throw new Error(`${String(route.method)} ${route.url}: a back-office route must set config.adminRole to 'staff' or 'admin'`);
      }
      const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      route.onRequest = [app.requireRole(role), ...existing];
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        // Fastify adds a HEAD twin for every GET; the matrix needs each route once.
        if (method !== 'HEAD') table.push({ method, url: route.url, role });
      }
    });
  },
  { name: 'admin-guard', dependencies: ['auth'] },
);
