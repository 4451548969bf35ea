import { describe, expect, it } from 'vitest';
import { checkProfileName } from './profile-name.ts';
import { PROFILE_NAME_MAX } from './refusals/account.ts';

describe('an account name', () => {
  it('is trimmed and taken up to the profile form’s limit, in any script', () => {
    expect(checkProfileName('  Asha Verma ')).toEqual({ name: 'Asha Verma' });
    expect(checkProfileName('आशा वर्मा')).toEqual({ name: 'आशा वर्मा' });
    expect(checkProfileName('آشا ورما')).toEqual({ name: 'آشا ورما' });
    expect(checkProfileName('N'.repeat(PROFILE_NAME_MAX))).toEqual({ name: 'N'.repeat(PROFILE_NAME_MAX) });
  });

  it('refuses a missing or blank name, a long one, and control or text-direction characters', () => {
    for (const value of [undefined, null, 42, '', '   ', '\t\n']) expect(checkProfileName(value)).toEqual({ refusal: 'name_required' });
    expect(checkProfileName('N'.repeat(PROFILE_NAME_MAX + 1))).toEqual({ refusal: 'profile_name_too_long' });
    expect(checkProfileName('N'.repeat(20_000))).toEqual({ refusal: 'profile_name_too_long' });
    for (const value of ['Asha\u202eamrev', 'Asha\u2066x\u2069', 'Asha\u0007', 'Asha\nVerma', 'Asha\u0085', 'Asha\u2028Verma']) {
      expect(checkProfileName(value), JSON.stringify(value)).toEqual({ refusal: 'profile_name_characters' });
    }
  });
});
