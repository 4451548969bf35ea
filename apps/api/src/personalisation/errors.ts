/**
 * A refusal of an upload or of sent details that the customer can act on: the status and `{ message, errors }`
 * naming the field (`files`, `customisation.1.images`, …). Thrown inside a transaction it also rolls it back.
 */
export class CustomisationError extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 409 | 413 | 415,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'CustomisationError';
  }

  get body(): { message: string; errors?: Record<string, string> } {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

/** A refusal naming one field, with the same text as the message. */
export function fieldError(statusCode: CustomisationError['statusCode'], field: string, message: string): CustomisationError {
  return new CustomisationError(statusCode, message, { [field]: message });
}
