import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hasMarkup } from './image-checks.ts';

/** A JPEG-shaped buffer: SOI, `size` bytes of "compressed data" with `middle` at its centre, EOI, then `tail`. */
function jpegLike(size: number, middle = '', tail = ''): Buffer {
  const half = randomBytes(size / 2).map((byte) => (byte === 0xff ? 0xfe : byte));
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    half,
    Buffer.from(middle, 'latin1'),
    half,
    Buffer.from([0xff, 0xd9]),
    Buffer.from(tail, 'latin1'),
  ]);
}

describe('hasMarkup', () => {
  it('lets a short tag pass inside the compressed data, where it appears by chance in real photos', () => {
    expect(hasMarkup(jpegLike(400_000, '<svg '), 'jpeg')).toBe(false);
    expect(hasMarkup(jpegLike(400_000, '<HTML>'), 'jpeg')).toBe(false);
  });

  it('finds a short tag after the image end or in the metadata at the start', () => {
    expect(hasMarkup(jpegLike(400_000, '', '<svg onload=alert(1)>'), 'jpeg')).toBe(true);
    const withComment = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xfe]), Buffer.from('<html><body>', 'latin1'), jpegLike(400_000)]);
    expect(hasMarkup(withComment, 'jpeg')).toBe(true);
  });

  it('finds a long marker anywhere', () => {
    expect(hasMarkup(jpegLike(400_000, '<script>alert(1)</script>'), 'jpeg')).toBe(true);
    expect(hasMarkup(jpegLike(400_000, '<?php system(1); ?>'), 'jpeg')).toBe(true);
  });

  it('finds a tag after a PNG IEND chunk', () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(200_000),
      Buffer.from('IEND', 'latin1'),
      randomBytes(4),
    ]);
    expect(hasMarkup(Buffer.concat([png, Buffer.from('<svg/onload=x>', 'latin1')]), 'png')).toBe(true);
  });
});
