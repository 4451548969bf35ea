import { describe, expect, it } from 'vitest';
import { INVALID_MOBILE_MESSAGE, indianMobileSchema, nationalDigits, normaliseIndianMobile } from './phone.ts';

describe('normaliseIndianMobile', () => {
  it.each([
    ['9876543210'],
    ['98765 43210'],
    ['+91 98765-43210'],
    ['+919876543210'],
    ['09876543210'],
    ['919876543210'],
    ['0091 98765 43210'],
    ['(+91) 98765.43210'],
    ['  98765 43210  '],
  ])('reads %j as +919876543210', (input) => {
    expect(normaliseIndianMobile(input)).toBe('+919876543210');
  });

  it('accepts every mobile first digit 6 to 9', () => {
    for (const first of ['6', '7', '8', '9']) expect(normaliseIndianMobile(`${first}123456789`)).toBe(`+91${first}123456789`);
  });

  it.each([
    ['', 'empty'],
    ['5876543210', 'first digit below 6'],
    ['0876543210', 'first digit 0 (ten digits)'],
    ['987654321', 'nine digits'],
    ['98765432101', 'eleven digits not starting 0'],
    ['+9198765432', 'too short after +91'],
    ['+1 9876543210', 'another country'],
    ['+44 98765 43210', 'another country with spaces'],
    ['98765abcde', 'letters'],
    ['9876543210x', 'trailing letter'],
    ['+91+919876543210', 'two prefixes'],
    ['٩٨٧٦٥٤٣٢١٠', 'non-ASCII digits'],
    ['9'.repeat(41), 'absurdly long'],
  ])('rejects %j (%s)', (input) => {
    expect(normaliseIndianMobile(input)).toBeNull();
  });

  it('rejects what is not a string', () => {
    expect(normaliseIndianMobile(9876543210)).toBeNull();
    expect(normaliseIndianMobile(null)).toBeNull();
    expect(normaliseIndianMobile(undefined)).toBeNull();
  });
});

describe('nationalDigits', () => {
  it('drops the +91', () => {
    expect(nationalDigits('+919876543210')).toBe('9876543210');
  });
});

describe('indianMobileSchema', () => {
  it('outputs the E.164 form', () => {
    expect(indianMobileSchema.parse('098765 43210')).toBe('+919876543210');
  });
  it('gives the one message for a bad number and for a missing one', () => {
    for (const input of ['12345', '', undefined, 42]) {
      const result = indianMobileSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['phone_invalid']);
    }
    expect(INVALID_MOBILE_MESSAGE).toBe('Enter a valid 10-digit mobile number');
  });
});
