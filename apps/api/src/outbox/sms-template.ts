/**
 * The body an SMS gateway expects, as a JSON template (SMS_TEMPLATE). Placeholders sit inside JSON strings:
 * {phone} (E.164, "+919876543210"), {national} (the 10 digits), {message} (the text) and {key}
 * (SMS_GATEWAY_KEY, for gateways that want it in the body) and {templateId} (the message's DLT template id, issue 21;
 * empty when it has none). The template is parsed once and the values are
 * put into the parsed strings, so a message with quotes or newlines can never break the JSON.
 */

export const DEFAULT_SMS_TEMPLATE = '{"to":"{phone}","message":"{message}"}';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

interface SmsValues {
  phone: string;
  message: string;
  key?: string;
  templateId?: string;
}

const PLACEHOLDER = /\{(phone|national|message|key|templateId)\}/g;

/** The problem with a template, or null when it is usable. */
export function smsTemplateProblem(template: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(template);
  } catch {
    return 'must be JSON, e.g. {"to":"{phone}","message":"{message}"}';
  }
  if (parsed === null || typeof parsed !== 'object') return 'must be a JSON object or array';
  if (!template.includes('{message}')) return 'must contain {message}';
  if (!template.includes('{phone}') && !template.includes('{national}')) return 'must contain {phone} or {national}';
  return null;
}

function fill(value: Json, values: Required<SmsValues> & { national: string }): Json {
  if (typeof value === 'string') return value.replace(PLACEHOLDER, (_match, name: keyof typeof values) => values[name]);
  if (Array.isArray(value)) return value.map((item) => fill(item, values));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, values)]));
  }
  return value;
}

/** The request body for one message: the template with its placeholders filled, as JSON text. */
export function renderSmsBody(template: string, values: SmsValues): string {
  const national = values.phone.startsWith('+91') ? values.phone.slice(3) : values.phone.replace(/^\+/, '');
  return JSON.stringify(
    fill(JSON.parse(template) as Json, { phone: values.phone, message: values.message, key: values.key ?? '', templateId: values.templateId ?? '', national }),
  );
}
