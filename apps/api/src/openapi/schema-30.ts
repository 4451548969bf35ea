/**
 * JSON-schema repairs for an OpenAPI 3.0 document (decision 039). better-auth's generator writes OpenAPI 3.1 schemas
 * (`type: ["string", "null"]`, `const`, `propertyNames`); zod writes `required` names of a record with enum keys
 * without listing them as properties. Both are rewritten here into the 3.0 form every client generator reads.
 */

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords OpenAPI 3.0 does not know; dropped. */
const NOT_IN_30 = new Set([
  '$schema',
  '$id',
  'const',
  'propertyNames',
  'examples',
  'contentEncoding',
  'contentMediaType',
  'unevaluatedProperties',
  'dependentSchemas',
  'patternProperties',
  '$defs',
]);

/** A 3.1 (or loose 3.0) schema as OpenAPI 3.0.3. Returns a new object; the input is left alone. */
export function toOpenApi30(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(toOpenApi30);
  if (!isObject(input)) return input;
  if (typeof input.$ref === 'string') {
    // A reference's other siblings mean nothing in 3.0; nullable is kept for wrapRefSiblings.
    return input.nullable === true ? { $ref: input.$ref, nullable: true } : { $ref: input.$ref };
  }
  const schema: Schema = {};
  for (const [key, value] of Object.entries(input)) {
    if (NOT_IN_30.has(key)) continue;
    schema[key] = value;
  }
  if ('const' in input) schema.enum = [input.const];
  if (Array.isArray(input.examples) && input.examples.length > 0 && !('example' in input)) schema.example = input.examples[0];

  if (Array.isArray(input.type)) {
    const types = (input.type as string[]).filter((type) => type !== 'null');
    if (types.length < (input.type as string[]).length) schema.nullable = true;
    if (types.length === 1) schema.type = types[0];
    else {
      delete schema.type;
      if (types.length > 1) schema.anyOf = types.map((type) => ({ type }));
    }
  } else if (input.type === 'null') {
    schema.type = 'string';
    schema.nullable = true;
    schema.enum = [null];
  }
  if (schema.nullable === true && schema.type === undefined && !schema.anyOf && !schema.oneOf && !schema.allOf) {
    // 3.0's nullable only counts next to a type.
    delete schema.nullable;
  }

  if (isObject(schema.properties)) {
    schema.properties = Object.fromEntries(Object.entries(schema.properties).map(([name, child]) => [name, toOpenApi30(child)]));
  }
  for (const key of ['items', 'additionalProperties', 'not'] as const) {
    if (isObject(schema[key])) schema[key] = toOpenApi30(schema[key]);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) schema[key] = (schema[key] as unknown[]).map(toOpenApi30);
  }
  return schema;
}

/**
 * Walks every schema of a document (components, parameters, bodies, responses) and lists, as properties, the required
 * names of an object that only describes them through `additionalProperties` (zod's `z.record(z.enum(…), …)`).
 */
export function listRequiredProperties(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) listRequiredProperties(item);
    return;
  }
  if (!isObject(node)) return;
  if (Array.isArray(node.required) && isObject(node.additionalProperties)) {
    const properties = isObject(node.properties) ? node.properties : {};
    for (const name of node.required as string[]) properties[name] ??= structuredClone(node.additionalProperties);
    node.properties = properties;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'example' && key !== 'examples') listRequiredProperties(value);
  }
}

/**
 * A `$ref` with siblings (zod's nullable reference comes out as `{ $ref, nullable: true }`): 3.0 ignores the siblings,
 * so the reference goes into an allOf beside them, with the referenced schema's type (3.0's nullable needs one).
 * Walks the whole node in place; `schemas` are the document's component schemas.
 */
export function wrapRefSiblings(node: unknown, schemas: Record<string, unknown>): void {
  if (Array.isArray(node)) {
    for (const item of node) wrapRefSiblings(item, schemas);
    return;
  }
  if (!isObject(node)) return;
  if (typeof node.$ref === 'string' && Object.keys(node).length > 1) {
    const ref = node.$ref;
    delete node.$ref;
    delete node.type;
    node.allOf = [{ $ref: ref }];
  }
  // zod writes a nullable reference as `{ nullable: true, allOf: [{ $ref }] }`: 3.0's nullable needs a type beside it.
  if (node.nullable === true && node.type === undefined) {
    const parts = [...((node.allOf ?? node.anyOf ?? node.oneOf ?? []) as unknown[])];
    const types = new Set(parts.map((part) => typeOf(part, schemas)).filter(Boolean));
    if (types.size === 1) node.type = [...types][0];
  }
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'example' && key !== 'examples') wrapRefSiblings(value, schemas);
  }
}

function typeOf(schema: unknown, schemas: Record<string, unknown>): string | undefined {
  if (!isObject(schema)) return undefined;
  if (typeof schema.$ref === 'string') return typeOf(schemas[schema.$ref.replace('#/components/schemas/', '')], schemas);
  return typeof schema.type === 'string' ? schema.type : undefined;
}

/** Removes component schemas nothing refers to (the input copies zod makes of named schemas no input uses). */
export function pruneUnusedSchemas(document: Schema): void {
  const components = document.components as Schema | undefined;
  const schemas = components?.schemas as Record<string, unknown> | undefined;
  if (!schemas) return;
  const prefix = '#/components/schemas/';
  const used = new Set<string>();
  const queue: unknown[] = [document.paths, components?.responses];
  while (queue.length > 0) {
    const text = JSON.stringify(queue.shift() ?? null);
    for (const match of text.matchAll(/"\$ref":"([^"]+)"/g)) {
      const ref = match[1] as string;
      if (!ref.startsWith(prefix)) continue;
      const name = ref.slice(prefix.length);
      if (used.has(name)) continue;
      used.add(name);
      queue.push(schemas[name]);
    }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/** Removes shared responses no operation refers to. */
export function pruneUnusedResponses(document: Schema): void {
  const responses = (document.components as Schema | undefined)?.responses as Record<string, unknown> | undefined;
  if (!responses) return;
  const text = JSON.stringify(document.paths);
  for (const name of Object.keys(responses)) if (!text.includes(`"#/components/responses/${name}"`)) delete responses[name];
}
