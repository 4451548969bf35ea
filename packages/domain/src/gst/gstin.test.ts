import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinProblem, isValidGstin, normaliseGstin } from './gstin.ts';
import { gstStateCode, gstStateCodes, gstStateName } from './states.ts';
import { indianStates } from '../address.ts';

describe('GSTIN', () => {
  it('accepts published GSTINs (their check characters computed by hand from the mod-36 rule)', () => {
    // 27AAPFU0939F1Z: values 2,7,10,10,25,15,30,0,9,3,9,15,1,35; factors 1,2,1,2,…;
    // products 2,14,10,20,25,30,30,0,9,6,9,30,1,70 → digit sums 2+14+10+20+25+30+30+0+9+6+9+30+1+(1+34)=221;
    // 221 mod 36 = 5; (36 − 5) = 31 → "V".
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
    expect(isValidGstin('27AAACR5055K1Z7')).toBe(true);
  });

  it('names what is wrong', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('length');
    expect(gstinProblem('45AAPFU0939F1ZV')).toBe('state_code');
    expect(gstinProblem('27AAPXU0939F1ZV')).toBe('pan'); // 4th PAN letter X is no kind of holder
    expect(gstinProblem('27AAPFU09Z9F1ZV')).toBe('pan');
    expect(gstinProblem('27AAPFU0939F0ZV')).toBe('shape'); // entity number 0
    expect(gstinProblem('27AAPFU0939F1YV')).toBe('shape'); // 14th is not Z
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('check_character');
    expect(gstinProblem('27aapfu0939f1zv')).toBe('pan');
    expect(isValidGstin(normaliseGstin(' 27aapfu0939f1zv '))).toBe(true);
  });
});

describe('GST state codes', () => {
  it('has a code for every state and territory an address may name, all different', () => {
    for (const state of indianStates) expect(gstStateCode(state), state).toMatch(/^\d{2}$/);
    expect(new Set(Object.values(gstStateCodes)).size).toBe(indianStates.length);
  });

  it('maps names to codes and back', () => {
    expect(gstStateCode('Maharashtra')).toBe('27');
    expect(gstStateCode(' tamil  nadu ')).toBe('33');
    expect(gstStateCode('Andhra Pradesh')).toBe('37');
    expect(gstStateCode('Ladakh')).toBe('38');
    expect(gstStateCode('Atlantis')).toBeNull();
    expect(gstStateName('07')).toBe('Delhi');
    expect(gstStateName('99')).toBeNull();
  });
});
