import { Refusal } from '../lib/refusal.ts';

/** A refusal of an upload or of sent details (`files`, `customisation.1.images`, …; see Refusal). */
export class CustomisationError extends Refusal {}

/** A refusal naming one field, with the same text as the message. */
export function fieldError(statusCode: CustomisationError['statusCode'], field: string, message: string): CustomisationError {
  return new CustomisationError(statusCode, message, { [field]: message });
}
