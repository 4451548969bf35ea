import fc from 'fast-check';

/**
 * fast-check arbitraries from the OpenAPI document's JSON schemas (OpenAPI 3.0: `nullable`, `$ref` to
 * components, allOf/anyOf/oneOf), for the fuzzer (fuzz.test.ts, decision 058).
 *
 * A value is "valid-ish" (types, enums, formats, patterns, lengths and bounds from the schema, ids and slugs of rows
 * that exist) or carries hostile parts: control characters, very long strings, unicode, wrong types, missing fields,
 * huge and negative numbers, arrays where objects are expected. Mostly valid values reach the services; one hostile
 * part among valid ones finds the field a schema forgot to check.
 */

export type JsonSchema = { [key: string]: unknown };

export interface SchemaContext {
  /** The schema a `$ref` ("#/components/schemas/Name") points to. */
  resolve(ref: string): JsonSchema;
  /**
   * Values worth trying for a field or parameter of this name: ids and slugs of rows that exist, and values of rules
   * the document cannot state (GST slabs, an mrp not below the price, media paths).
   */
  hints(name: string): readonly unknown[];
}

/** Marks a field (or the whole body) left out: `mutate` deletes it instead of replacing it. */
export const OMIT: unique symbol = Symbol('omit');

const MAX_DEPTH = 6;

const asSchema = (value: unknown): JsonSchema => (value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : {});

function deref(schema: JsonSchema, ctx: SchemaContext): JsonSchema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) current = ctx.resolve(current.$ref);
  return current;
}

/** allOf's parts as one schema (properties and required lists merged): all the document uses it for. */
function merged(schema: JsonSchema, ctx: SchemaContext): JsonSchema {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  const parts = (allOf as unknown[]).map((part) => merged(deref(asSchema(part), ctx), ctx));
  const result: JsonSchema = { ...rest };
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') result.properties = { ...asSchema(result.properties), ...asSchema(value) };
      else if (key === 'required') result.required = [...((result.required as string[]) ?? []), ...(value as string[])];
      else result[key] ??= value;
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Hostile values

/** C0 control characters and DEL; NUL first (PostgreSQL cannot store it in text). */
export const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\u000b', '\f', '\r', '\u001b', '\u001f', '\u007f'];

const controlCharacter = fc.constantFrom(...CONTROL_CHARACTERS);

const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '%',
  '%zz',
  '\u202eevil\u202c',
  '🙂🎁🪔',
  'नमस्ते',
  'مرحبا',
  'e\u0301\u0301\u0301',
  '\ufeff',
  '\u200b',
  '\ud800',
  '\udfff',
  "' OR '1'='1",
  '"; drop table "user"; --',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '0x10',
  '[object Object]',
  '__proto__',
  'constructor',
  '2026-02-30T25:61:61Z',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
);

/** Long strings: mostly under the API's 64 KB body limit, sometimes over it. */
const longString = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 200, max: 5_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 2, arbitrary: fc.integer({ min: 100, max: 3_000 }).map((n) => '€🙂'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 60_000, max: 70_000 }).map((n) => 'y'.repeat(n)) },
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: nastyStrings },
  { weight: 3, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), controlCharacter, fc.string({ maxLength: 8 })).map((parts) => parts.join('')) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: longString },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, -0, 0, 0.5, -0.5, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -(2 ** 53) - 2, 1e21, 1e308, -1e308, 5e-324),
  fc.integer({ min: -(2 ** 31), max: -1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const protoPollution = (): unknown => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}');

const deeplyNested = fc.integer({ min: 20, max: 200 }).map((depth) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
});

export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, 1, 'string', [], {}, [1, 2], [{}], [[]], { $gt: '' }, { length: -1 }),
  fc.constant(null).map(protoPollution),
  deeplyNested,
  fc.jsonValue({ maxDepth: 3 }),
);

/** Any hostile value: the wrong type, a nasty string, a nasty number. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 3, arbitrary: wrongType },
);

// ---------------------------------------------------------------------------------------------------------------
// Valid-ish values

const isoDate = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

/** fast-check's regex support covers the document's patterns; one it cannot read falls back to a plain string. */
function matching(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern), { size: 'small' });
  } catch {
    return undefined;
  }
}

function plainString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, minLength + 40) : minLength + 40;
  const short = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
  );
  if (typeof schema.maxLength !== 'number' || schema.maxLength > 20_000) return short;
  // At the longest the schema allows, in one-byte and in four-byte characters: a column narrower than its schema
  // (or a byte limit counted as characters) fails here.
  const longest = schema.maxLength;
  return fc.oneof({ weight: 6, arbitrary: short }, { weight: 1, arbitrary: fc.constantFrom('x'.repeat(longest), '🪔'.repeat(longest), 'é'.repeat(longest)) });
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  let generic: fc.Arbitrary<string>;
  if (schema.format === 'uuid') generic = fc.uuid();
  else if (schema.format === 'date-time') generic = isoDate;
  else if (schema.format === 'date') generic = isoDate.map((date) => date.slice(0, 10));
  else if (schema.format === 'email') generic = fc.emailAddress();
  else if (schema.format === 'uri' || schema.format === 'url') generic = fc.webUrl();
  else if (typeof schema.pattern === 'string') {
    const pattern = matching(schema.pattern);
    const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
    generic = pattern ? (maxLength === undefined ? pattern : pattern.map((text) => text.slice(0, maxLength))) : plainString(schema);
  } else generic = plainString(schema);
  return generic;
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusive = (bound: unknown, flag: unknown, step: number) => (typeof bound === 'number' && flag === true ? bound + step : bound);
  const min = exclusive(schema.minimum, schema.exclusiveMinimum, integer ? 1 : Number.EPSILON);
  const max = exclusive(schema.maximum, schema.exclusiveMaximum, integer ? -1 : -Number.EPSILON);
  if (integer) {
    const low = typeof min === 'number' ? Math.ceil(min) : -1_000;
    const high = typeof max === 'number' ? Math.floor(max) : Math.max(low, 0) + 100_000;
    return fc.integer({ min: Math.max(low, Number.MIN_SAFE_INTEGER), max: Math.min(high, Number.MAX_SAFE_INTEGER) });
  }
  return fc.double({
    min: typeof min === 'number' ? min : -1_000,
    max: typeof max === 'number' ? max : 100_000,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function objectValue(schema: JsonSchema, ctx: SchemaContext, hostility: number, depth: number): fc.Arbitrary<unknown> {
  const properties = asSchema(schema.properties);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) model[key] = schemaValue(asSchema(property), ctx, { hostility, name: key, depth: depth + 1 });
  const known = fc.record(model, { requiredKeys: [...required].filter((key) => key in model) });
  const additional = schema.additionalProperties;
  if (!additional || Object.keys(properties).length > 0) return known;
  const values = additional === true ? fc.jsonValue({ maxDepth: 1 }) : schemaValue(asSchema(additional), ctx, { hostility, depth: depth + 1 });
  return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { maxKeys: 4 });
}

function typedValue(schema: JsonSchema, ctx: SchemaContext, hostility: number, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alternative) => schemaValue(asSchema(alternative), ctx, { hostility, name, depth })));
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  const type = types.find((candidate) => candidate !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'string':
      return stringValue(schema);
    case 'integer':
      return numberValue(schema, true);
    case 'number':
      return numberValue(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : minLength + 3, minLength + 3);
      if (depth >= MAX_DEPTH) return fc.constant([]);
      const items = schemaValue(asSchema(schema.items), ctx, { hostility, name, depth: depth + 1 });
      const few = fc.array(items, { minLength, maxLength });
      // Now and then as many items as the schema allows (when that is a modest number).
      if (typeof schema.maxItems !== 'number' || schema.maxItems <= maxLength || schema.maxItems > 100) return few;
      return fc.oneof({ weight: 6, arbitrary: few }, { weight: 1, arbitrary: fc.array(items, { minLength: schema.maxItems, maxLength: schema.maxItems }) });
    }
    case 'object':
      return depth >= MAX_DEPTH ? fc.constant({}) : objectValue(schema, ctx, hostility, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

interface ValueOptions {
  /** 0: every part follows the schema; n > 0: each part is hostile with weight n against 4. */
  hostility?: number;
  /** The field's or parameter's name, for hints. */
  name?: string;
  depth?: number;
}

/** A value for a schema; with `hostility`, any of its parts may be hostile (or, for a field, left out). */
export function schemaValue(input: JsonSchema, ctx: SchemaContext, options: ValueOptions = {}): fc.Arbitrary<unknown> {
  const { hostility = 0, name, depth = 0 } = options;
  const schema = merged(deref(input, ctx), ctx);
  let value = typedValue(schema, ctx, hostility, name, depth);
  const hints = name ? ctx.hints(name) : [];
  if (hints.length) value = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hints) }, { weight: 1, arbitrary: value });
  if (schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'))) value = fc.option(value, { freq: 6, nil: null });
  if (hostility <= 0) return value;
  return fc.oneof({ weight: 4, arbitrary: value }, { weight: hostility, arbitrary: hostileValue });
}

// ---------------------------------------------------------------------------------------------------------------
// One hostile part among valid ones

/** The nodes of a JSON value in a fixed order (the value itself first), with a way to replace or remove each. */
function nodesOf(value: unknown): { replace(by: unknown): unknown }[] {
  const nodes: { replace(by: unknown): unknown }[] = [];
  const walk = (node: unknown, replace: (by: unknown) => unknown) => {
    nodes.push({ replace });
    if (Array.isArray(node)) {
      node.forEach((item, index) =>
        walk(item, (by) => {
          const copy = [...node];
          if (by === OMIT) copy.splice(index, 1);
          else copy[index] = by;
          return replace(copy);
        }),
      );
    } else if (node && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        walk((node as Record<string, unknown>)[key], (by) => {
          const copy = { ...(node as Record<string, unknown>) };
          if (by === OMIT) delete copy[key];
          else copy[key] = by;
          return replace(copy);
        });
      }
    }
  };
  walk(value, (by) => by);
  return nodes;
}

/** `value` with its `index`-th node (modulo their count) replaced by `by`, or removed when `by` is OMIT. */
export function mutate(value: unknown, index: number, by: unknown): unknown {
  const nodes = nodesOf(value);
  return nodes[index % nodes.length]!.replace(by);
}

/**
 * A value for a schema as the fuzzer sends it: valid-ish; valid-ish with one part hostile or missing; hostile
 * anywhere; or hostile as a whole (a non-object body, a string for an id). May be OMIT: nothing at all.
 */
export function fuzzValue(schema: JsonSchema, ctx: SchemaContext, name?: string): fc.Arbitrary<unknown> {
  const valid = schemaValue(schema, ctx, { name });
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, fc.nat(), fc.oneof({ weight: 4, arbitrary: hostileValue }, { weight: 1, arbitrary: fc.constant(OMIT) }))
        .map(([value, index, by]) => mutate(value, index, by)),
    },
    { weight: 1, arbitrary: schemaValue(schema, ctx, { name, hostility: 1 }) },
    { weight: 1, arbitrary: hostileValue },
  );
}
