import { describe, expect, it } from 'vitest';
import { galleryStep, slideAt } from './gallery-steps';

describe('galleryStep', () => {
  it('moves right to the next image and left to the previous in ltr, wrapping at the ends', () => {
    expect(galleryStep('ArrowRight', 0, 4, false)).toBe(1);
    expect(galleryStep('ArrowLeft', 1, 4, false)).toBe(0);
    expect(galleryStep('ArrowLeft', 0, 4, false)).toBe(3);
    expect(galleryStep('ArrowRight', 3, 4, false)).toBe(0);
  });

  it('mirrors the arrows in rtl: left is the next image', () => {
    expect(galleryStep('ArrowLeft', 0, 4, true)).toBe(1);
    expect(galleryStep('ArrowRight', 1, 4, true)).toBe(0);
    expect(galleryStep('ArrowRight', 0, 4, true)).toBe(3);
  });

  it('jumps to the ends with Home and End in either direction', () => {
    expect(galleryStep('Home', 2, 4, true)).toBe(0);
    expect(galleryStep('End', 0, 4, false)).toBe(3);
  });

  it('ignores other keys and galleries of one image', () => {
    expect(galleryStep('ArrowDown', 0, 4, false)).toBeNull();
    expect(galleryStep('Enter', 0, 4, false)).toBeNull();
    expect(galleryStep('ArrowRight', 0, 1, false)).toBeNull();
  });
});

describe('slideAt', () => {
  it('rounds the scroll offset to the nearest slide, for ltr (positive) and rtl (negative) offsets', () => {
    expect(slideAt(0, 400, 4)).toBe(0);
    expect(slideAt(390, 400, 4)).toBe(1);
    expect(slideAt(-810, 400, 4)).toBe(2);
  });

  it('stays within the slides, and at the first while the strip has no width yet', () => {
    expect(slideAt(5000, 400, 4)).toBe(3);
    expect(slideAt(100, 0, 4)).toBe(0);
  });
});
