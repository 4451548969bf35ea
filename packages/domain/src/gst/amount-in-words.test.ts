import { describe, expect, it } from 'vitest';
import { amountInWords, indianNumberInWords } from './amount-in-words.ts';

describe('amount in words (Indian numbering)', () => {
  it('groups by thousand, lakh and crore', () => {
    expect(indianNumberInWords(0)).toBe('Zero');
    expect(indianNumberInWords(15)).toBe('Fifteen');
    expect(indianNumberInWords(40)).toBe('Forty');
    expect(indianNumberInWords(101)).toBe('One Hundred One');
    expect(indianNumberInWords(1_000)).toBe('One Thousand');
    expect(indianNumberInWords(99_999)).toBe('Ninety-Nine Thousand Nine Hundred Ninety-Nine');
    expect(indianNumberInWords(1_00_000)).toBe('One Lakh');
    expect(indianNumberInWords(12_34_567)).toBe('Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven');
    expect(indianNumberInWords(1_23_45_678)).toBe('One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight');
    expect(indianNumberInWords(250_00_00_000)).toBe('Two Hundred Fifty Crore');
  });

  it('writes rupees and paise', () => {
    expect(amountInWords(182_600)).toBe('Rupees One Thousand Eight Hundred Twenty-Six Only');
    expect(amountInWords(116_730)).toBe('Rupees One Thousand One Hundred Sixty-Seven and Thirty Paise Only');
    expect(amountInWords(1)).toBe('Rupees Zero and One Paisa Only');
    expect(amountInWords(1_23_45_678_05)).toBe('Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Five Paise Only');
    expect(() => amountInWords(-1)).toThrow();
    expect(() => amountInWords(1.5)).toThrow();
  });
});
