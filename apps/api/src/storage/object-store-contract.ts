import { expect, it } from 'vitest';
import type { ObjectStore } from './object-store.ts';
import { UnsafeKeyError } from './safe-key.ts';

/**
 * What every ObjectStore must do, run against each store (local-disk-store.test.ts, s3-store.test.ts), so the API
 * behaves the same whichever one the settings pick. `store()` is read per test: suites create it in beforeAll.
 */
export function objectStoreContract(store: () => ObjectStore): void {
  const bytes = (text: string) => Buffer.from(text, 'utf8');
  const key = (name: string) => `contract/${crypto.randomUUID()}/${name}`;

  it('puts and gets an object, bytes and content type as given', async () => {
    const k = key('photo.webp');
    const body = Buffer.from([0x52, 0x49, 0x46, 0x46, 0x00, 0xff, 0x10, 0x0a, 0x0d]);
    await store().put(k, body, 'image/webp');
    const got = await store().get(k);
    expect(got).not.toBeNull();
    expect(got!.contentType).toBe('image/webp');
    expect(Buffer.compare(got!.body, body)).toBe(0);
  });

  it('keeps the content type given, not one guessed from the key', async () => {
    const k = key('thumb.jpg');
    await store().put(k, bytes('png bytes'), 'image/png');
    expect((await store().get(k))?.contentType).toBe('image/png');
  });

  it('overwrites an object, body and content type', async () => {
    const k = key('display.jpg');
    await store().put(k, bytes('first version, longer than the second'), 'image/jpeg');
    await store().put(k, bytes('second'), 'image/png');
    const got = await store().get(k);
    expect(got?.body.toString('utf8')).toBe('second');
    expect(got?.contentType).toBe('image/png');
  });

  it('answers null for a missing key, also below an existing object', async () => {
    const k = key('here.png');
    await store().put(k, bytes('x'), 'image/png');
    expect(await store().get(key('never-written.png'))).toBeNull();
    expect(await store().get(`${k}/below.png`)).toBeNull();
  });

  it('says whether an object exists, without reading it', async () => {
    const k = key('exists.webp');
    expect(await store().exists(k)).toBe(false);
    await store().put(k, bytes('here'), 'image/webp');
    expect(await store().exists(k)).toBe(true);
    expect(await store().exists(`${k}/below`)).toBe(false);
    await store().delete(k);
    expect(await store().exists(k)).toBe(false);
  });

  it('deletes an object; deleting a missing key is not an error', async () => {
    const k = key('gone.png');
    await store().put(k, bytes('x'), 'image/png');
    await store().delete(k);
    expect(await store().get(k)).toBeNull();
    await expect(store().delete(k)).resolves.toBeUndefined();
    await expect(store().delete(key('never-written.png'))).resolves.toBeUndefined();
  });

  it('stores an empty body and a large one', async () => {
    const empty = key('empty.bin');
    await store().put(empty, Buffer.alloc(0), 'application/octet-stream');
    expect((await store().get(empty))?.body.length).toBe(0);
    const large = key('large.bin');
    const body = Buffer.alloc(6 * 1024 * 1024, 7);
    await store().put(large, body, 'application/octet-stream');
    expect(Buffer.compare((await store().get(large))!.body, body)).toBe(0);
  });

  it.each([
    ['a parent reference', 'uploads/../secret'],
    ['a leading parent reference', '../etc/passwd'],
    ['an absolute path', '/etc/passwd'],
    ['a current-folder part', 'a/./b.png'],
    ['an empty part', 'a//b.png'],
    ['a trailing slash', 'a/b/'],
    ['a dot-file part', 'a/.types/b.png'],
    ['upper case', 'A/b.png'],
    ['a backslash', 'a\\..\\b.png'],
    ['a space', 'a/b c.png'],
    ['a NUL byte', 'a/b\u0000.png'],
    ['an empty key', ''],
    ['a 300-character key', `a/${'b'.repeat(298)}`],
  ])('refuses a key with %s on put, get and delete', async (_, unsafe) => {
    await expect(store().put(unsafe, bytes('x'), 'image/png')).rejects.toThrow(UnsafeKeyError);
    await expect(store().get(unsafe)).rejects.toThrow(UnsafeKeyError);
    await expect(store().delete(unsafe)).rejects.toThrow(UnsafeKeyError);
  });

  it('refuses a content type that would break a header', async () => {
    await expect(store().put(key('x.png'), bytes('x'), 'image/png\r\nX-Evil: 1')).rejects.toThrow(/content type/);
    await expect(store().put(key('y.png'), bytes('x'), '')).rejects.toThrow(/content type/);
  });

  it('says what it is', () => {
    expect(store().description).toMatch(/\S/);
  });
}
