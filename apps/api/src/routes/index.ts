import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandsRoutes } from './brands/index.ts';
import { categoriesRoutes } from './categories/index.ts';
import { devOutboxRoutes } from './dev-outbox/index.ts';
import { headersRoutes } from './headers/index.ts';
import { healthRoutes } from './health/index.ts';
import { logRoutes } from './log/index.ts';
import { productRoutes } from './product/index.ts';
import { productsRoutes } from './products/index.ts';
import { signInMethodsRoutes } from './sign-in-methods/index.ts';
import { slidersRoutes } from './sliders/index.ts';
import { userRoutes } from './user/index.ts';
import { userAddressesRoutes } from './user-addresses/index.ts';
import { adminOrdersRoutes } from './admin-orders/index.ts';
import { orderTrackingRoutes } from './order-tracking/index.ts';
import { userCouponRoutes } from './user-coupon/index.ts';
import { userOrdersRoutes } from './user-orders/index.ts';

/** Every route of the API; each resource is its own encapsulated plugin. */
export const routes: FastifyPluginAsyncZod<{ production?: boolean }> = async (app, options) => {
  await app.register(healthRoutes);
  await app.register(headersRoutes);
  await app.register(categoriesRoutes);
  await app.register(brandsRoutes);
  await app.register(slidersRoutes);
  await app.register(productsRoutes);
  await app.register(productRoutes);
  await app.register(logRoutes);
  await app.register(signInMethodsRoutes);
  await app.register(userRoutes);
  await app.register(userAddressesRoutes);
  await app.register(devOutboxRoutes, { production: options.production === true });
  await app.register(userCouponRoutes);
  await app.register(userOrdersRoutes);
  await app.register(orderTrackingRoutes);
  await app.register(adminOrdersRoutes);
};
