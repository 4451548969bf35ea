/**
 * The API's order and tracking messages are English (packages/domain). The order pages show the known ones in the
 * visitor's language: the server builds a table from each English text to its translation under
 * `orders.serverMessages`, and the client leaves look the server's answer up in it (an unknown text is shown as
 * sent, spec §8). server-messages.test.ts checks the texts against the domain's.
 */
export const orderServerMessageKeys: Record<string, string> = {
  'No order matches this order number and mobile number': 'trackingNotFound',
  'Enter the order number as it appears in your confirmation, e.g. KG-261123-7K3M9Q': 'orderNumber',
  'Enter a valid 10-digit mobile number': 'mobile',
  'Order not found': 'orderNotFound',
  'This order can no longer be cancelled: it is already being made or on its way': 'cancelTooLate',
};
