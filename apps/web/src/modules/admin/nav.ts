import type { StaffRole } from './lib/require-staff';

/**
 * The back office's sections (issue 7). Staff see catalogue, orders and inbox; staff accounts, settings and the
 * audit log are for admins only (the API enforces the same split on every call).
 */
export const adminSections = [
  { href: '/admin', key: 'dashboard', role: 'staff' },
  { href: '/admin/orders', key: 'orders', role: 'staff' },
  { href: '/admin/payments', key: 'payments', role: 'staff' },
  // Issue 22: every shipment, and the day's manifest for the courier.
  { href: '/admin/shipments', key: 'shipments', role: 'staff' },
  { href: '/admin/products', key: 'products', role: 'staff' },
  { href: '/admin/categories', key: 'categories', role: 'staff' },
  { href: '/admin/brands', key: 'brands', role: 'staff' },
  { href: '/admin/sliders', key: 'sliders', role: 'staff' },
  { href: '/admin/menus', key: 'menus', role: 'staff' },
  { href: '/admin/coupons', key: 'coupons', role: 'staff' },
  { href: '/admin/search-synonyms', key: 'searchSynonyms', role: 'staff' },
  { href: '/admin/inbox', key: 'inbox', role: 'staff' },
  { href: '/admin/messages', key: 'messages', role: 'staff' },
  // Issue 21: the month's GST totals and GSTR-1 files.
  { href: '/admin/gst-report', key: 'gstReport', role: 'staff' },
  { href: '/admin/staff', key: 'staff', role: 'admin' },
  { href: '/admin/settings', key: 'settings', role: 'admin' },
  // Issue 22: the delivery promise's settings and the courier's serviceability file.
  { href: '/admin/delivery', key: 'delivery', role: 'admin' },
  { href: '/admin/audit', key: 'audit', role: 'admin' },
] as const satisfies readonly { href: string; key: string; role: StaffRole }[];
