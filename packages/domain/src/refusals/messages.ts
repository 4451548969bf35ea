import { defineRefusals } from './define.ts';

/** Refusals of messages to shoppers (issue 21): unsubscribe links and the staff's template editor. */
export const messageRefusals = defineRefusals({
  /** An unsubscribe link whose token matches no shopper (mistyped, or the account is gone). */
  unsubscribe_link_invalid: { status: 404, message: () => 'This unsubscribe link is not valid' },
  /** A template the shop does not have (event or language unknown). */
  message_template_not_found: { status: 404, message: () => 'No such message template' },
  /** A subject or intro naming a {placeholder} no message fills: it would go out empty. */
  template_placeholder_unknown: {
    status: 400,
    message: ({ names }: { names: readonly string[] }) => `Unknown placeholder: ${names.join(', ')}`,
    example: { names: ['ordernumber'] },
  },
});
