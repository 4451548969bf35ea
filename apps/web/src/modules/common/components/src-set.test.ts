import { describe, expect, it } from 'vitest';
import { capSrcSet, widestSource } from './src-set';

const srcSet = ['128', '256', '640', '1080', '3840'].map((w) => `/_next/image?url=%2Fa.webp&w=${w}&q=75 ${w}w`).join(', ');

describe('capSrcSet', () => {
  it('keeps the candidates up to the widest allowed', () => {
    expect(capSrcSet(srcSet, 640)).toBe(
      '/_next/image?url=%2Fa.webp&w=128&q=75 128w, /_next/image?url=%2Fa.webp&w=256&q=75 256w, /_next/image?url=%2Fa.webp&w=640&q=75 640w',
    );
  });
  it('keeps the narrowest when every candidate is wider', () => {
    expect(capSrcSet(srcSet, 64)).toBe('/_next/image?url=%2Fa.webp&w=128&q=75 128w');
  });
  it('drops the candidates narrower than the slot', () => {
    expect(capSrcSet(srcSet, 1080, 200)).toBe(
      '/_next/image?url=%2Fa.webp&w=256&q=75 256w, /_next/image?url=%2Fa.webp&w=640&q=75 640w, /_next/image?url=%2Fa.webp&w=1080&q=75 1080w',
    );
    // A slot at exactly a file's width keeps that file: it is the one a 1x screen picks.
    expect(capSrcSet(srcSet, 1080, 256)).toMatch(/^\/_next\/image\?url=%2Fa.webp&w=256&/);
  });
  it('drops the narrow candidates without a cap too', () => {
    expect(capSrcSet(srcSet, undefined, 1000)).toBe('/_next/image?url=%2Fa.webp&w=1080&q=75 1080w, /_next/image?url=%2Fa.webp&w=3840&q=75 3840w');
  });
  it('keeps the widest allowed when every candidate is narrower than the slot', () => {
    expect(capSrcSet(srcSet, 640, 2000)).toBe('/_next/image?url=%2Fa.webp&w=640&q=75 640w');
  });
  it('leaves density srcsets and a missing cap alone', () => {
    expect(capSrcSet('/a 1x, /b 2x', 640)).toBe('/a 1x, /b 2x');
    expect(capSrcSet('/a 1x, /b 2x', 640, 300)).toBe('/a 1x, /b 2x');
    expect(capSrcSet(srcSet, undefined)).toBe(srcSet);
  });
});

describe('widestSource', () => {
  it("answers the widest candidate's address", () => {
    expect(widestSource(capSrcSet(srcSet, 1080))).toBe('/_next/image?url=%2Fa.webp&w=1080&q=75');
    expect(widestSource('/only.webp 640w')).toBe('/only.webp');
  });
  it('answers nothing without a srcset', () => {
    expect(widestSource(undefined)).toBeUndefined();
  });
});
