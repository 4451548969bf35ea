import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { RefusalCode } from '@shop/domain/refusals/index';
import { refusalMessage } from '@shop/domain/refusals/index';
import type { ConnectionError, FastifyInstance } from 'fastify';

/** Node's reasons for refusing a request before Fastify sees it, as the contract's codes; anything else is `bad_request`. */
const answers: Record<string, { status: number; code: RefusalCode }> = {
  // The request line and headers together over the server's limit (16 KB by default), e.g. a very long URL.
  HPE_HEADER_OVERFLOW: { status: 431, code: 'header_too_large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout' },
};

/**
 * Fastify's `clientErrorHandler` (app.ts): a request Node's HTTP parser refused (a URL over the header limit, a
 * negative or doubled Content-Length, a malformed request line) never becomes a Fastify request, so neither the error
 * handler nor `frameworkErrors` sees it. It is answered here in the contract's shape, `{ message, code }` with the
 * status by its kind, on the raw socket, which is then closed as Fastify's own handler does: the connection cannot be
 * read any further. A reset connection gets nothing (there is no one to answer).
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code } = answers[error.code] ?? { status: 400, code: 'bad_request' };
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ message: refusalMessage(code as never), code });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
