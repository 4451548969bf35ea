import type { AuthFragment } from './auth-paths.ts';
import { PAGE, REFUSAL, responseNameFor, sharedResponses, sharedSchemas, tagDescriptions } from './components.ts';
import { operationExamples } from './examples.ts';
import { operationIdFor } from './operation-id.ts';
import { listRequiredProperties, pruneUnusedResponses, pruneUnusedSchemas, wrapRefSiblings } from './schema-30.ts';

/**
 * The last pass over the generated document (decision 039), the same for the shop's routes and better-auth's:
 * operationIds, refusals by status pointing at the shared responses, list pages as `Page`, examples, tags.
 */

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/** The parts of the generated document this pass reads and writes; the rest passes through untouched. */
interface MediaTypeObject extends Json {
  schema?: Json;
  examples?: Json;
}
interface ResponseObject extends Json {
  description?: string;
  content?: Record<string, MediaTypeObject>;
}
interface OperationObject extends Json {
  operationId?: string;
  tags?: string[];
  security?: Json[];
  parameters?: unknown;
  requestBody?: { content?: Record<string, MediaTypeObject> };
  responses?: Record<string, ResponseObject>;
  'x-required-role'?: string;
  'x-rate-limit'?: unknown;
}
interface OpenApiDocument extends Json {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], OperationObject>>>;
  components?: { schemas?: Json; responses?: Json };
  tags?: { name: string; description: string }[];
}

/** Properties of the refusal body (and of the uncoded one routes still declare while they move to codes). */
const REFUSAL_PROPERTIES = new Set(['message', 'code', 'params', 'errors', 'requestId']);
const PAGE_PROPERTIES = ['data', 'total', 'page', 'limit', 'hasMore'];

/** Answers that are not JSON, by operationId: their routes set the content type themselves. */
const FILE_RESPONSES: Record<string, { status: string; type: string; description: string }> = {
  // The operationId follows the URL, which kept its name (decision 041).
  getAdminOrdersByIdPersonalisationZip: {
    status: '200',
    type: 'application/zip',
    description: "A zip of the order's personalisation photos and texts",
  },
  getAdminSubscribersExport: { status: '200', type: 'text/csv', description: 'The subscribers as CSV' },
  getAdminProductsExport: { status: '200', type: 'text/csv', description: "The products as CSV (the import's columns)" },
  getUserUploadsByIdAndSize: { status: '200', type: 'image/webp', description: 'The uploaded photo, re-encoded (display size or thumbnail)' },
  getPaymentsLoopbackCheckoutJs: { status: '200', type: 'text/javascript', description: "The loopback gateway's stand-in for checkout.js" },
  // Issue 21: invoices and credit notes as their stored PDFs, the GST report as CSV.
  getUserOrderByIdInvoicesByDocumentIdPdf: { status: '200', type: 'application/pdf', description: 'The invoice or credit note PDF' },
  getAdminOrdersByIdInvoicesByDocumentIdPdf: { status: '200', type: 'application/pdf', description: 'The invoice or credit note PDF' },
  getAdminGstReportExport: { status: '200', type: 'text/csv', description: "The month's GSTR-1 data as CSV" },
  // Issue 22: the carrier's label, and the day's manifest (PDF by default; text/csv with format=csv).
  getAdminOrdersByIdShipmentLabel: { status: '200', type: 'application/pdf', description: "The shipment's label from the carrier" },
  getAdminShipmentsManifest: { status: '200', type: 'application/pdf', description: "The day's manifest (the carrier's PDF; CSV with format=csv)" },
  // Issue 24: the packing slip and proof images.
  adminPackingSlip: { status: '200', type: 'application/pdf', description: 'The packing slip PDF (no prices)' },
  proofImage: { status: '200', type: 'image/webp', description: 'The proof image, re-encoded (display size or thumbnail)' },
};

const SUCCESS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: it is processed later',
  '204': 'Done; no content',
};

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonSchemaOf(response: ResponseObject | undefined): Json | undefined {
  return response?.content?.['application/json']?.schema;
}

/** A 4xx/5xx the route declared: the shared response of its status, or the Refusal plus the route's own extra fields. */
function refusalResponse(status: string, declared: ResponseObject | undefined): ResponseObject {
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
  if (declared && schema && Object.keys(properties).length > 0 && !('message' in properties)) return declared; // not a refusal (GET /api/health's 503)
  if (name) return { $ref: `#/components/responses/${name}` };
  return { description: 'Refused', content: { 'application/json': { schema: { $ref: REFUSAL } } } };
}

function hasPathParams(path: string): boolean {
  return /\{[^}]+\}/.test(path);
}

function takesInput(operation: OperationObject): boolean {
  return Boolean(operation.requestBody) || (Array.isArray(operation.parameters) && operation.parameters.length > 0);
}

/** Whether an operation can only be called signed in (a security requirement, and none of them empty). */
function requiresSignIn(operation: OperationObject): boolean {
  const security = operation.security;
  return Array.isArray(security) && security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
}

/** Sets the operation's responses, refusals completed, and returns them. */
function completeResponses(path: string, operation: OperationObject): Record<string, ResponseObject> {
  const declared = operation.responses ?? {};
  const role = operation['x-required-role'];
  const needed = new Set<string>(Object.keys(declared).filter((status) => /^[45]\d\d$/.test(status)));
  if (takesInput(operation)) needed.add('400');
  if (requiresSignIn(operation)) needed.add('401');
  if (role === 'staff' || role === 'admin') needed.add('403');
  if (hasPathParams(path)) needed.add('404');
  if (operation['x-rate-limit']) needed.add('429');
  needed.add('500');

  const responses: Record<string, ResponseObject> = {};
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
  return responses;
}

/** A list answer `{ data, total, page, limit, hasMore, … }` as the shared Page with its own items. */
function asPage(schema: Json | undefined): Json | undefined {
  if (!isObject(schema) || schema.type !== 'object' || !isObject(schema.properties)) return undefined;
  const properties = schema.properties;
  if (!PAGE_PROPERTIES.every((key) => key in properties) || !isObject(properties.data) || properties.data.type !== 'array') return undefined;
  const own: Json = { data: properties.data };
  for (const [key, value] of Object.entries(properties)) if (!PAGE_PROPERTIES.includes(key)) own[key] = value;
  const required = ((schema.required as string[] | undefined) ?? []).filter((key) => !PAGE_PROPERTIES.includes(key) || key === 'data');
  return { allOf: [{ $ref: PAGE }, { type: 'object', required, properties: own }] };
}

function addExamples(operation: OperationObject): void {
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
export function completeDocument<D extends object>(generated: D, options: CompleteOptions = {}): D {
  const document = generated as unknown as OpenApiDocument;
  document.components ??= {};
  // Copies: the passes below change schemas in place, and these objects outlive one document.
  document.components.schemas = { ...structuredClone(sharedSchemas), ...document.components.schemas, ...structuredClone(options.auth?.schemas) };
  document.components.responses = { ...sharedResponses(), ...document.components.responses };
  if (options.auth) Object.assign(document.paths, structuredClone(options.auth.paths));

  const seen = new Map<string, string>();
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.operationId ??= operationIdFor(method, path);
      const where = `${method.toUpperCase()} ${path}`;
      const operationId = operation.operationId;
      const other = seen.get(operationId);
      if (other) throw new Error(`OpenAPI: ${where} and ${other} have the same operationId ${operationId}`);
      seen.set(operationId, where);
      // A route no rule marks is public; saying so lets a scanner tell it from one that forgot.
      operation.security ??= [];
      const responses = completeResponses(path, operation);

      const file = FILE_RESPONSES[operationId];
      if (file) {
        responses[file.status] = {
          description: file.description,
          content: { [file.type]: { schema: { type: 'string', format: 'binary' } } },
        };
      }
      for (const response of Object.values(responses)) {
        const media = response.content?.['application/json'];
        const page = asPage(media?.schema);
        if (media && page) media.schema = page;
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
  return generated;
}
