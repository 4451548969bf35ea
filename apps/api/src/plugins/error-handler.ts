import { type FieldRefusal, type RefusalBody, type RefusalCode, refusalMessage } from '@shop/domain/refusals/index';
import { issueRefusal } from '@shop/domain/field-errors';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { genericCode, Refusal } from '../lib/refusal.ts';
import type { ErrorReporter } from '../telemetry/error-reporting.ts';
import { redactUrl } from '../telemetry/redact.ts';

/**
 * The one place errors become responses (decision 037): `{ message, code, params?, errors? }`. A Refusal answers its
 * own code and status; a schema failure is `validation_failed` with a coded refusal per field; Fastify's own client
 * errors get a code by their kind; anything else is logged and answered `{ code: "internal", requestId }`, so no
 * stack or internal message ever leaves the process. The `requestId` is the request's id (the caller's `x-request-id`
 * or a UUID, telemetry/request-id.ts), the same the answer's `x-request-id` header and the log line carry; a 5xx is
 * also handed to the error reporter when one is configured (SENTRY_DSN, telemetry/error-reporting.ts).
 */

const contextNames: Record<string, string> = { querystring: 'query', body: 'body', params: 'path', headers: 'headers' };

function fieldOf(instancePath: string, context: string | undefined): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (parts.length > 0) return parts.join('.');
  return contextNames[context ?? ''] ?? 'request';
}

/** Fastify's own client errors, by their code, as ours. */
const fastifyCodes: Record<string, RefusalCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
};

/** A body in the contract's shape for a code and status that no Refusal carried. */
function codedBody(code: RefusalCode, message: string = refusalMessage(code as never)): RefusalBody {
  return { message, code };
}

function rateLimited(reply: FastifyReply): RefusalBody {
  let seconds = Number(reply.getHeader('retry-after'));
  if (!Number.isFinite(seconds) || seconds <= 0) {
    seconds = 60;
    reply.header('retry-after', '60');
  }
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return { message: refusalMessage('rate_limited', { minutes }), code: 'rate_limited', params: { minutes } };
}

export const errorHandlerPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function errorHandler(app: FastifyInstance, options: { report?: ErrorReporter }) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof Refusal) return reply.code(error.statusCode).send(error.body);

      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, FieldRefusal> = {};
        for (const issue of error.validation) {
          errors[fieldOf(issue.instancePath, error.validationContext)] ??= issueRefusal(issue.message);
        }
        const [first] = Object.entries(errors);
        const body: RefusalBody = first
          ? { message: refusalMessage('validation_failed', { field: first[0], problem: first[1].message }), code: 'validation_failed', errors }
          : codedBody('validation_failed', 'Invalid request');
        return reply.code(400).send(body);
      }

      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        if (status === 429) return reply.code(429).send(rateLimited(reply));
        // Fastify's own client errors (malformed JSON, body too large, unsupported media type…) carry messages
        // written for clients; their code says which kind.
        const code = fastifyCodes[error.code] ?? genericCode(status);
        return reply.code(status).send(codedBody(code, error.message || refusalMessage(code as never)));
      }

      request.log.error({ err: error }, 'request failed');
      const code = status >= 500 && status < 600 ? status : 500;
      try {
        options.report?.(error, {
          requestId: String(request.id),
          method: request.method,
          url: redactUrl(request.url),
          route: request.routeOptions.url,
          statusCode: code,
        });
      } catch (reportError) {
        request.log.error({ err: reportError }, 'error reporting failed');
      }
      const body: RefusalBody = code === 503 ? codedBody('service_unavailable') : codedBody('internal');
      return reply.code(code).send({ ...body, requestId: String(request.id) });
    });

    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send(codedBody('not_found'));
    });
  },
  { name: 'error-handler' },
);
