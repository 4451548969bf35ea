import { describe, expect, it } from 'vitest';
import { contactFormSchema, contactSuccessMessage, keyOfMessage, messageWithKey, reportRequestSchema } from './contact.ts';
import { fieldRefusalsOf, firstFieldErrors } from './field-errors.ts';

const valid = { name: 'Asha Verma', contact_number: '9876543210', email: 'asha@example.com', message: 'The lamp arrived broken.' };

function errorsFor(changes: Record<string, unknown>, schema = contactFormSchema): Record<string, string> {
  const input: Record<string, unknown> = { ...valid, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete input[key];
  const result = schema.safeParse(input);
  return result.success ? {} : firstFieldErrors(result.error);
}

describe('contact form rules (spec §5, word for word)', () => {
  it('accepts a complete message and trims it', () => {
    expect(contactFormSchema.parse({ ...valid, name: '  Asha Verma ', contact_number: ' 9876543210 ' })).toEqual(valid);
  });

  it.each([
    ['name', undefined, 'name is required'],
    ['name', '   ', 'name is required'],
    ['contact_number', undefined, 'contact number is required'],
    ['contact_number', '', 'contact number is required'],
    ['contact_number', '987654321', 'Please provide proper mobile number'],
    ['contact_number', '98765432100', 'Please provide proper mobile number'],
    ['contact_number', '98765-43210', 'Please provide proper mobile number'],
    ['contact_number', '+919876543210', 'Please provide proper mobile number'],
    ['email', undefined, 'Email is required'],
    ['email', ' ', 'Email is required'],
    ['email', 'asha@', 'Please provide valid email address'],
    ['email', 'asha.example.com', 'Please provide valid email address'],
    ['message', undefined, 'Message is required'],
    ['message', '\n \t', 'Message is required'],
  ])('%s = %j: %s', (field, value, message) => {
    expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
  });

  it('gives every empty field its own message at once', () => {
    const result = contactFormSchema.safeParse({ name: '', contact_number: '', email: '', message: '' });
    expect(result.success).toBe(false);
    expect(firstFieldErrors(result.error!)).toEqual({
      name: 'name is required',
      contact_number: 'contact number is required',
      email: 'Email is required',
      message: 'Message is required',
    });
    const codes = Object.fromEntries(Object.entries(fieldRefusalsOf(result.error!)).map(([field, refusal]) => [field, refusal.code]));
    expect(codes).toEqual({ name: 'contact_name_required', contact_number: 'contact_number_required', email: 'email_required', message: 'message_required' });
  });

  it('refuses control characters and overlong text, naming the field', () => {
    expect(errorsFor({ message: 'a\u0000b' })).toEqual({ message: 'Remove the unusual characters from this field' });
    expect(errorsFor({ message: 'x'.repeat(5_001) })).toEqual({ message: 'Message can be at most 5000 characters' });
    expect(errorsFor({ name: 'x'.repeat(101) })).toEqual({ name: 'name can be at most 100 characters' });
    const result = contactFormSchema.safeParse({ ...valid, contact_number: '12', email: 'asha@' });
    expect(fieldRefusalsOf(result.error!)).toEqual({
      contact_number: { code: 'contact_number_invalid', message: 'Please provide proper mobile number' },
      email: { code: 'email_invalid', message: 'Please provide valid email address' },
    });
  });
});

describe('the key suffix (spec §7)', () => {
  it('sends the message followed by an at sign and the key', () => {
    expect(messageWithKey('Wrong colour', 'KG-261123-7K3M9Q')).toBe('Wrong colour@KG-261123-7K3M9Q');
    expect(messageWithKey('Wrong colour', null)).toBe('Wrong colour');
    expect(messageWithKey('Wrong colour', '')).toBe('Wrong colour');
  });

  it('finds the key only when the message really ends with it', () => {
    expect(keyOfMessage('Wrong colour@ORD1', 'ORD1')).toBe('ORD1');
    expect(keyOfMessage('write to me at asha@example.com', 'ORD1')).toBeNull();
    expect(keyOfMessage('Wrong colour@ORD1', undefined)).toBeNull();
  });

  it('the API accepts a message with its suffix and a key of safe characters only', () => {
    expect(errorsFor({ message: `${'x'.repeat(5_000)}@ORD1`, key: 'ORD1' }, reportRequestSchema)).toEqual({});
    expect(Object.keys(errorsFor({ key: 'a b' }, reportRequestSchema))).toEqual(['key']);
    expect(Object.keys(errorsFor({ key: '<script>' }, reportRequestSchema))).toEqual(['key']);
  });

  it('says which success text to show (spec §8)', () => {
    expect(contactSuccessMessage(null)).toBe('message sent successfully.');
    expect(contactSuccessMessage('ORD1')).toBe('Details reported successfully we will reach out to you shortly.');
  });
});
