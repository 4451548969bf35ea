import { describe, expect, it } from 'vitest';
import { fieldRefusalsOf } from './field-errors.ts';
import { refusalMessage, refusalParams } from './refusals/index.ts';
import { accountRefusals } from './refusals/account.ts';
import {
  addressLines,
  addressInputSchema,
  addressLimits,
  addressSchema,
  cleanLine,
  indianStates,
  indianStatesOnly,
  indianUnionTerritories,
  MAX_ADDRESSES_PER_USER,
} from './address.ts';

const valid = {
  name: 'Asha Verma',
  mobile: '9876543210',
  line1: '12, MG Road',
  line2: 'Flat 4B',
  landmark: 'Opposite the temple',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
};

/** The refusals of parsing `valid` with some fields changed (a field set to undefined is left out). */
function refusalsFor(changes: Record<string, unknown>) {
  const input: Record<string, unknown> = { ...valid, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete input[key];
  const result = addressInputSchema.safeParse(input);
  return result.success ? {} : fieldRefusalsOf(result.error);
}

/** The English text per field, as the API answers it (`errors.<field>.message`). */
function errorsFor(changes: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(refusalsFor(changes)).map(([field, refusal]) => [field, refusal.message]));
}

/** The code per field. */
function codesFor(changes: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(refusalsFor(changes)).map(([field, refusal]) => [field, refusal.code]));
}

describe('indianStates', () => {
  it('lists the 28 states and 8 union territories once each', () => {
    expect(indianStatesOnly).toHaveLength(28);
    expect(indianUnionTerritories).toHaveLength(8);
    expect(indianStates).toHaveLength(36);
    expect(new Set(indianStates).size).toBe(36);
    expect(indianStates).toContain('Tamil Nadu');
    expect(indianStates).toContain('Dadra and Nagar Haveli and Daman and Diu');
    expect(indianStates).toContain('Ladakh');
  });
});

describe('addressInputSchema', () => {
  it('accepts a complete address and keeps it as typed', () => {
    expect(addressInputSchema.parse({ ...valid, isDefault: true })).toEqual({ ...valid, isDefault: true });
  });

  it('leaves isDefault out when not sent', () => {
    expect(addressInputSchema.parse(valid)).not.toHaveProperty('isDefault', expect.anything());
  });

  it('turns absent, null and blank optional lines into null', () => {
    const { line2: _line2, landmark: _landmark, ...rest } = valid;
    expect(addressInputSchema.parse(rest)).toMatchObject({ line2: null, landmark: null });
    expect(addressInputSchema.parse({ ...valid, line2: null, landmark: null })).toMatchObject({ line2: null, landmark: null });
    expect(addressInputSchema.parse({ ...valid, line2: '   ', landmark: '' })).toMatchObject({ line2: null, landmark: null });
  });

  it('tidies whitespace and control characters in every line', () => {
    const parsed = addressInputSchema.parse({
      ...valid,
      name: '  Asha \t Verma ',
      line1: '12,\nMG Road\u0000',
      line2: ' Flat\r\n4B ',
      city: ' Bengaluru ',
    });
    expect(parsed).toMatchObject({ name: 'Asha Verma', line1: '12, MG Road', line2: 'Flat 4B', city: 'Bengaluru' });
  });

  it('reads a mobile number with spaces, dashes or a +91 / 0 prefix as its 10 digits', () => {
    for (const mobile of ['98765 43210', '98765-43210', '+91 98765 43210', '09876543210', '919876543210']) {
      expect(addressInputSchema.parse({ ...valid, mobile }).mobile).toBe('9876543210');
    }
  });

  it('reads a PIN code with a space and a state in any case', () => {
    const parsed = addressInputSchema.parse({ ...valid, pincode: '560 001', state: '  tamil   NADU ' });
    expect(parsed).toMatchObject({ pincode: '560001', state: 'Tamil Nadu' });
  });

  it('drops fields it does not know (no _id, userId or isDefault tricks beyond the boolean)', () => {
    const parsed = addressInputSchema.parse({ ...valid, _id: 'x', userId: 'someone-else', createdAt: 'y' });
    expect(parsed).not.toHaveProperty('_id');
    expect(parsed).not.toHaveProperty('userId');
  });

  describe('name', () => {
    it('is required', () => {
      expect(errorsFor({ name: undefined })).toEqual({ name: 'Name is required' });
      expect(errorsFor({ name: '' })).toEqual({ name: 'Name is required' });
      expect(errorsFor({ name: '   ' })).toEqual({ name: 'Name is required' });
      expect(errorsFor({ name: 42 })).toEqual({ name: 'Name is required' });
    });
    it('is at most 80 characters', () => {
      expect(errorsFor({ name: 'a'.repeat(80) })).toEqual({});
      expect(errorsFor({ name: 'a'.repeat(81) })).toEqual({ name: 'Name can be at most 80 characters' });
    });
  });

  describe('mobile', () => {
    it('is required', () => {
      expect(errorsFor({ mobile: undefined })).toEqual({ mobile: 'Mobile number is required' });
      expect(errorsFor({ mobile: '' })).toEqual({ mobile: 'Mobile number is required' });
      expect(errorsFor({ mobile: ' ' })).toEqual({ mobile: 'Mobile number is required' });
    });
    it('has exactly 10 digits', () => {
      for (const mobile of ['987654321', '98765432100', '98765abcde', '+1 9876543210', '9876543210 ext 2']) {
        expect(errorsFor({ mobile })).toEqual({ mobile: 'Mobile number must be 10 digits' });
      }
      expect(errorsFor({ mobile: 9876543210 })).toEqual({ mobile: 'Mobile number is required' });
    });
    it('starts with 6, 7, 8 or 9', () => {
      expect(errorsFor({ mobile: '5876543210' })).toEqual({ mobile: 'Mobile number must start with 6, 7, 8 or 9' });
      expect(errorsFor({ mobile: '6000000000' })).toEqual({});
    });
  });

  describe('address lines', () => {
    it('line 1 is required and at most 120 characters', () => {
      expect(errorsFor({ line1: undefined })).toEqual({ line1: 'Address line 1 is required' });
      expect(errorsFor({ line1: ' \n ' })).toEqual({ line1: 'Address line 1 is required' });
      expect(errorsFor({ line1: 'a'.repeat(121) })).toEqual({ line1: 'Address line 1 can be at most 120 characters' });
    });
    it('line 2 is optional and at most 120 characters', () => {
      expect(errorsFor({ line2: 'a'.repeat(120) })).toEqual({});
      expect(errorsFor({ line2: 'a'.repeat(121) })).toEqual({ line2: 'Address line 2 can be at most 120 characters' });
      expect(errorsFor({ line2: 5 })).toEqual({ line2: 'Address line 2 can be at most 120 characters' });
    });
    it('landmark is optional and at most 80 characters', () => {
      expect(errorsFor({ landmark: 'a'.repeat(81) })).toEqual({ landmark: 'Landmark can be at most 80 characters' });
    });
  });

  describe('city', () => {
    it('is required and at most 60 characters', () => {
      expect(errorsFor({ city: undefined })).toEqual({ city: 'City is required' });
      expect(errorsFor({ city: '' })).toEqual({ city: 'City is required' });
      expect(errorsFor({ city: 'a'.repeat(61) })).toEqual({ city: 'City can be at most 60 characters' });
    });
  });

  describe('state', () => {
    it('is one of the listed states and union territories', () => {
      for (const state of indianStates) expect(errorsFor({ state })).toEqual({});
      for (const state of [undefined, '', 'Bangalore', 'Kashmir', 'Delhi NCR', 7]) {
        expect(errorsFor({ state })).toEqual({ state: 'Choose a state' });
      }
    });
  });

  describe('pincode', () => {
    it('is required', () => {
      expect(errorsFor({ pincode: undefined })).toEqual({ pincode: 'PIN code is required' });
      expect(errorsFor({ pincode: '' })).toEqual({ pincode: 'PIN code is required' });
    });
    it('is 6 digits and does not start with 0', () => {
      for (const pincode of ['56000', '5600011', '056000', '56000a', '560-001', '000000']) {
        expect(errorsFor({ pincode })).toEqual({ pincode: 'PIN code must be 6 digits and cannot start with 0' });
      }
      expect(errorsFor({ pincode: '110001' })).toEqual({});
    });
  });

  it('isDefault must be a boolean', () => {
    expect(errorsFor({ isDefault: 'yes' })).toEqual({ isDefault: 'Default must be true or false' });
    expect(errorsFor({ isDefault: false })).toEqual({});
  });

  it('names every bad field at once, each with its own message', () => {
    const errors = errorsFor({ name: '', mobile: '123', line1: '', city: '', state: 'Nowhere', pincode: '012345' });
    expect(errors).toEqual({
      name: 'Name is required',
      mobile: 'Mobile number must be 10 digits',
      line1: 'Address line 1 is required',
      city: 'City is required',
      state: 'Choose a state',
      pincode: 'PIN code must be 6 digits and cannot start with 0',
    });
  });

  it('names a code per field, with its limit as a param', () => {
    expect(codesFor({ name: '', mobile: '123', line1: '', city: '', state: 'Nowhere', pincode: '012345' })).toEqual({
      name: 'name_required',
      mobile: 'mobile_length_invalid',
      line1: 'address_line1_required',
      city: 'city_required',
      state: 'state_invalid',
      pincode: 'pincode_invalid',
    });
    expect(codesFor({ mobile: '5876543210', isDefault: 'yes' })).toEqual({ mobile: 'mobile_start_invalid', isDefault: 'default_flag_invalid' });
    expect(refusalsFor({ city: 'a'.repeat(61) }).city).toEqual({ code: 'city_too_long', message: 'City can be at most 60 characters', params: { max: 60 } });
    expect(refusalParams('name_too_long')).toEqual({ max: addressLimits.name });
  });

  it('gives only codes of the account area', () => {
    const known = new Set<string>(Object.keys(accountRefusals));
    const inputs: Record<string, unknown>[] = [
      {},
      { name: 1, mobile: 1, line1: 1, line2: 1, landmark: 1, city: 1, state: 1, pincode: 1, isDefault: 1 },
      { ...valid, name: 'x'.repeat(500), line1: 'x'.repeat(500), line2: 'x'.repeat(500), landmark: 'x'.repeat(500), city: 'x'.repeat(500) },
      { ...valid, mobile: '1234567890', pincode: '1' },
    ];
    for (const input of inputs) {
      const result = addressInputSchema.safeParse(input);
      expect(result.success).toBe(false);
      for (const issue of result.error?.issues ?? []) expect(known).toContain(issue.message);
    }
  });
});

describe('the rest of the address module', () => {
  it('caps saved addresses at 20 with a message saying so', () => {
    expect(MAX_ADDRESSES_PER_USER).toBe(20);
    expect(refusalMessage('address_limit_reached')).toBe('You can save at most 20 addresses. Delete one to add another.');
  });

  it('cleanLine tidies one line', () => {
    expect(cleanLine(' a \u0007 b\n')).toBe('a b');
  });

  it('addressSchema describes the API answer', () => {
    const answer = { _id: 'id', ...valid, isDefault: true, createdAt: '2026-01-01T00:00:00.000Z' };
    expect(addressSchema.parse(answer)).toEqual(answer);
    expect(addressSchema.safeParse({ ...answer, isDefault: undefined }).success).toBe(false);
  });
});

describe('addressLines', () => {
  it('writes the street lines, the landmark, then "City, State PIN", leaving out empty parts', () => {
    const base = { line1: '12 MG Road', line2: null, landmark: 'Near the temple', city: 'Jaipur', state: 'Rajasthan', pincode: '302001' };
    expect(addressLines(base)).toEqual(['12 MG Road', 'Near the temple', 'Jaipur, Rajasthan 302001']);
    expect(addressLines({ ...base, line2: 'Flat 4', landmark: '' })).toEqual(['12 MG Road', 'Flat 4', 'Jaipur, Rajasthan 302001']);
  });
});
