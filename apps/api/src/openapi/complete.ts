import type { AuthFragment } from './auth-paths.ts';
import { PAGE, REFUSAL, responseNameFor, sharedResponses, sharedSchemas, tagDescriptions } from './components.ts';
import { operationExamples } from './examples.ts';
import { operationIdFor } from './operation-id.ts';
import { listRequiredProperties, pruneUnusedResponses, pruneUnusedSchemas, wrapRefSiblings } from './schema-30.ts';

/**
 * The last pass over the generated document (decision 039), the same for the shop's routes and better-auth's:
 * operationIds, refusals by status pointing at the shared responses, list pages as `Page`, examples, tags.
 */

type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;
/** Properties of the refusal body (and of the uncoded one routes still declare while they move to codes). */
const REFUSAL_PROPERTIES = new Set(['message', 'code', 'params', 'errors', 'requestId']);
const PAGE_PROPERTIES = ['data', 'total', 'page', 'limit', 'hasMore'];

/** Answers that are not JSON, by operationId: their routes set the content type themselves. */
const FILE_RESPONSES: Record<string, { status: string; type: string; description: string }> = {
  getAdminOrdersByIdCustomisationZip: {
    status: '200',
    type: 'application/zip',
    description: "A zip of the order's personalisation photos and texts",
  },
  getAdminSubscribersExport: { status: '200', type: 'text/csv', description: 'The subscribers as CSV' },
  getAdminProductsExport: { status: '200', type: 'text/csv', description: "The products as CSV (the import's columns)" },
  getUserUploadsByIdAndSize: { status: '200', type: 'image/webp', description: 'The uploaded photo, re-encoded (display size or thumbnail)' },
};

const SUCCESS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: it is processed later',
  '204': 'Done; no content',
};

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonSchemaOf(response: Json | undefined): Json | undefined {
  return response?.content?.['application/json']?.schema;
}

/** A 4xx/5xx the route declared: the shared response of its status, or the Refusal plus the route's own extra fields. */
function refusalResponse(status: string, declared: Json | undefined): Json {
  const schema = jsonSchemaOf(declared);
  const name = responseNameFor(Number(status));
  const properties = isObject(schema?.properties) ? schema.properties : {};
  const extra = Object.keys(properties).filter((key) => !REFUSAL_PROPERTIES.has(key));
  if (schema && extra.length > 0 && 'message' in properties) {
    return {
      description: declared?.description && declared.description !== 'Default Response' ? declared.description : 'Refused',
      content: {
        'application/json': {
          schema: { allOf: [{ $ref: REFUSAL }, { type: 'object', properties: Object.fromEntries(extra.map((key) => [key, properties[key]])) }] },
        },
      },
    };
  }
  if (schema && Object.keys(properties).length > 0 && !('message' in properties)) return declared as Json; // not a refusal (GET /api/health's 503)
  if (name) return { $ref: `#/components/responses/${name}` };
  return { description: 'Refused', content: { 'application/json': { schema: { $ref: REFUSAL } } } };
}

function hasPathParams(path: string): boolean {
  return /\{[^}]+\}/.test(path);
}

function takesInput(operation: Json): boolean {
  return Boolean(operation.requestBody) || (Array.isArray(operation.parameters) && operation.parameters.length > 0);
}

/** Whether an operation can only be called signed in (a security requirement, and none of them empty). */
function requiresSignIn(operation: Json): boolean {
  const security = operation.security as Json[] | undefined;
  return Array.isArray(security) && security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
}

function completeResponses(path: string, operation: Json): void {
  const declared = (operation.responses ?? {}) as Record<string, Json>;
  const role = operation['x-required-role'] as string | undefined;
  const needed = new Set<string>(Object.keys(declared).filter((status) => /^[45]\d\d$/.test(status)));
  if (takesInput(operation)) needed.add('400');
  if (requiresSignIn(operation)) needed.add('401');
  if (role === 'staff' || role === 'admin') needed.add('403');
  if (hasPathParams(path)) needed.add('404');
  if (operation['x-rate-limit']) needed.add('429');
  needed.add('500');

  const responses: Record<string, Json> = {};
  for (const [status, response] of Object.entries(declared)) {
    if (/^[45]\d\d$/.test(status)) continue;
    const copy = { ...response };
    if (copy.description === 'Default Response' || !copy.description) copy.description = SUCCESS_TEXT[status] ?? 'OK';
    // 204 has no body; the zod schema of an empty answer says `null`.
    if (status === '204') delete copy.content;
    responses[status] = copy;
  }
  for (const status of [...needed].sort()) responses[status] = refusalResponse(status, declared[status]);
  operation.responses = responses;
}

/** A list answer `{ data, total, page, limit, hasMore, … }` as the shared Page with its own items. */
function asPage(schema: Json | undefined): Json | undefined {
  if (!isObject(schema) || schema.type !== 'object' || !isObject(schema.properties)) return undefined;
  const properties = schema.properties as Json;
  if (!PAGE_PROPERTIES.every((key) => key in properties) || properties.data?.type !== 'array') return undefined;
  const own: Json = { data: properties.data };
  for (const [key, value] of Object.entries(properties)) if (!PAGE_PROPERTIES.includes(key)) own[key] = value;
  const required = ((schema.required as string[] | undefined) ?? []).filter((key) => !PAGE_PROPERTIES.includes(key) || key === 'data');
  return { allOf: [{ $ref: PAGE }, { type: 'object', required, properties: own }] };
}

function addExamples(operation: Json): void {
  const examples = operationExamples[operation.operationId as string];
  if (!examples) return;
  const body = operation.requestBody?.content?.['application/json'];
  if (examples.request && body) body.examples = { [camel(examples.request.summary)]: examples.request };
  for (const [status, example] of Object.entries(examples.responses ?? {})) {
    const media = operation.responses?.[status]?.content?.['application/json'];
    if (media) media.examples = { [camel(example.summary)]: example };
  }
}

/** An example's key: the first words of its summary. */
function camel(text: string): string {
  const words = text
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 4);
  return words.map((word, index) => (index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())).join('');
}

export interface CompleteOptions {
  /** better-auth's endpoints, when they were generated before this document was. */
  auth?: AuthFragment;
}

/** Completes the document in place and returns it. Throws on two operations with one operationId. */
export function completeDocument(document: Json, options: CompleteOptions = {}): Json {
  document.components ??= {};
  // Copies: the passes below change schemas in place, and these objects outlive one document.
  document.components.schemas = { ...structuredClone(sharedSchemas), ...document.components.schemas, ...structuredClone(options.auth?.schemas) };
  document.components.responses = { ...sharedResponses(), ...document.components.responses };
  if (options.auth) Object.assign(document.paths, structuredClone(options.auth.paths));

  const seen = new Map<string, string>();
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      operation.operationId ??= operationIdFor(method, path);
      const where = `${method.toUpperCase()} ${path}`;
      const other = seen.get(operation.operationId);
      if (other) throw new Error(`OpenAPI: ${where} and ${other} have the same operationId ${operation.operationId}`);
      seen.set(operation.operationId, where);
      // A route no rule marks is public; saying so lets a scanner tell it from one that forgot.
      operation.security ??= [];
      completeResponses(path, operation);

      const file = FILE_RESPONSES[operation.operationId];
      if (file) {
        operation.responses[file.status] = {
          description: file.description,
          content: { [file.type]: { schema: { type: 'string', format: 'binary' } } },
        };
      }
      for (const response of Object.values(operation.responses as Record<string, Json>)) {
        const media = response.content?.['application/json'];
        const page = asPage(media?.schema);
        if (page) media.schema = page;
      }
      addExamples(operation);
      for (const tag of operation.tags ?? []) tags.add(tag);
    }
  }

  listRequiredProperties(document.paths);
  listRequiredProperties(document.components.schemas);
  wrapRefSiblings(document.paths, document.components.schemas);
  wrapRefSiblings(document.components.schemas, document.components.schemas);
  pruneUnusedResponses(document);
  pruneUnusedSchemas(document);

  const order = Object.keys(tagDescriptions);
  document.tags = [...tags]
    .sort((a, b) => (order.indexOf(a) + 1 || order.length + 1) - (order.indexOf(b) + 1 || order.length + 1) || a.localeCompare(b))
    .map((name) => ({ name, description: tagDescriptions[name] ?? name }));
  return document;
}
