import { describe, expect, it } from 'vitest';
import { array, boolean, guard, nullable, number, object, oneOf, optional, pageShape, record, ShapeError, string } from './shape';

const address = object({
  _id: string,
  line2: nullable(string),
  landmark: optional(string),
  isDefault: boolean,
  kind: oneOf('home', 'work'),
  tags: array(string),
  attributes: record(string),
});
const schema = guard(address);
const valid = { _id: 'a1', line2: null, isDefault: true, kind: 'home', tags: ['x'], attributes: { colour: 'red' } };

/** The `where` of the ShapeError a value gets, or null when it passes. */
function misfit(value: unknown): string | null {
  try {
    schema.parse(value);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ShapeError);
    return (error as ShapeError).where;
  }
}

describe('shape checks (the browser’s light response schemas)', () => {
  it('pass a value that fits, as it is (fields it does not check are kept)', () => {
    const value = { ...valid, landmark: 'Near the temple', extra: 1 };
    expect(schema.parse(value)).toBe(value);
    expect(misfit(valid)).toBeNull();
  });

  it('name the first field that does not fit, however deep', () => {
    expect(misfit(null)).toBe('(the answer)');
    expect(misfit([])).toBe('(the answer)');
    expect(misfit({ ...valid, _id: 7 })).toBe('_id');
    expect(misfit({ ...valid, line2: undefined })).toBe('line2');
    expect(misfit({ ...valid, landmark: null })).toBe('landmark');
    expect(misfit({ ...valid, kind: 'office' })).toBe('kind');
    expect(misfit({ ...valid, tags: ['x', 3] })).toBe('tags.1');
    expect(misfit({ ...valid, attributes: { colour: 1 } })).toBe('attributes.colour');
    expect(misfit({ ...valid, isDefault: 'true' })).toBe('isDefault');
  });

  it('take only finite numbers', () => {
    const check = guard(object({ n: number }));
    expect(check.parse({ n: 0 })).toEqual({ n: 0 });
    expect(() => check.parse({ n: Number.NaN })).toThrow(ShapeError);
    expect(() => check.parse({ n: '1' })).toThrow('unexpected value at n');
  });

  it('check a page of items with its counts', () => {
    const page = guard(object(pageShape(object({ _id: string }))));
    expect(page.parse({ data: [{ _id: 'a' }], total: 1, page: 1, limit: 10, hasMore: false }).data[0]?._id).toBe('a');
    expect(() => page.parse({ data: [{ _id: 'a' }, {}], total: 2, page: 1, limit: 10, hasMore: false })).toThrow('data.1._id');
    expect(() => page.parse({ data: [], total: 0, page: 1, limit: 10 })).toThrow('hasMore');
  });
});
