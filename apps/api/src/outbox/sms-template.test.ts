import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_TEMPLATE, renderSmsBody, smsTemplateProblem } from './sms-template.ts';

describe('SMS template', () => {
  it('fills the default template', () => {
    expect(JSON.parse(renderSmsBody(DEFAULT_SMS_TEMPLATE, { phone: '+919876543210', message: '123456 is your code' }))).toEqual({
      to: '+919876543210',
      message: '123456 is your code',
    });
  });

  it('fills nested strings, arrays and several placeholders, keeping other values', () => {
    const template = '{"route":"q","numbers":["{national}"],"auth":{"key":"{key}"},"text":"[{phone}] {message}","flash":0,"unicode":false}';
    expect(JSON.parse(renderSmsBody(template, { phone: '+919876543210', message: 'hi', key: 'k1' }))).toEqual({
      route: 'q',
      numbers: ['9876543210'],
      auth: { key: 'k1' },
      text: '[+919876543210] hi',
      flash: 0,
      unicode: false,
    });
  });

  it('keeps quotes, backslashes, newlines and $-patterns in a message from breaking the JSON', () => {
    const message = 'say "hi"\\ \n $& $1 {phone}';
    const body = JSON.parse(renderSmsBody(DEFAULT_SMS_TEMPLATE, { phone: '+919876543210', message }));
    expect(body.message).toBe(message);
  });

  it('says what is wrong with a template', () => {
    expect(smsTemplateProblem(DEFAULT_SMS_TEMPLATE)).toBeNull();
    expect(smsTemplateProblem('{"n":"{national}","m":"{message}"}')).toBeNull();
    expect(smsTemplateProblem('to={phone}')).toMatch(/^must be JSON/);
    expect(smsTemplateProblem('"{phone}{message}"')).toBe('must be a JSON object or array');
    expect(smsTemplateProblem('{"to":"{phone}"}')).toBe('must contain {message}');
    expect(smsTemplateProblem('{"m":"{message}"}')).toBe('must contain {phone} or {national}');
  });
});
