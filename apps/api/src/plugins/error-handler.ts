import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * The one place errors become responses: `{ message, errors? }` (ARCHITECTURE.md, API conventions).
 * Client errors keep their message; server errors are logged and answered with a fixed text, so no
 * stack or internal message ever leaves the process.
 */

const contextNames: Record<string, string> = { querystring: 'query', body: 'body', params: 'path', headers: 'headers' };

function fieldOf(instancePath: string, context: string | undefined): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (parts.length > 0) return parts.join('.');
  return contextNames[context ?? ''] ?? 'request';
}

export const errorHandlerPlugin = fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const issue of error.validation) {
          const field = fieldOf(issue.instancePath, error.validationContext);
          errors[field] ??= issue.message ?? "is invalid";
        }
        const [first] = Object.entries(errors);
        const message = first ? `Invalid ${first[0]}: ${first[1]}` : 'Invalid request';
        return reply.code(400).send({ message, errors });
      }

      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (malformed JSON, body too large, unsupported media type, rate limit…)
        // carry messages written for clients.
        if (status === 429) {
          const retryAfter = reply.getHeader('retry-after');
          if (retryAfter === undefined) reply.header('retry-after', '60');
        }
        return reply.code(status).send({ message: error.message || 'Bad request' });
      }

      request.log.error({ err: error }, 'request failed');
      const code = status >= 500 && status < 600 ? status : 500;
      return reply.code(code).send({ message: code === 503 ? 'Service unavailable' : 'Internal server error' });
    });

    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send({ message: 'Not found' });
    });
  },
  { name: 'error-handler' },
);
