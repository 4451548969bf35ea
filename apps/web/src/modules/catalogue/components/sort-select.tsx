'use client';

import type { ComponentProps } from 'react';

/**
 * A <select> that submits its GET form as soon as the shopper picks an option. Without JavaScript
 * the form's own button does the same, so this leaf only saves a click.
 */
export function AutoSubmitSelect(props: Omit<ComponentProps<'select'>, 'onChange'>) {
  return <select {...props} onChange={(event) => event.currentTarget.form?.requestSubmit()} />;
}
