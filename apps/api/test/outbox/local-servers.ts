import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/**
 * Real servers on loopback (port 0: the system picks a free one) for the transports to talk to:
 * an SMTP server (smtp-server) that parses what it receives, and an HTTP "SMS gateway".
 */

interface ReceivedMail {
  envelope: { from: string; to: string[] };
  user: string | undefined;
  mail: ParsedMail;
}

export interface LocalSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Answer the next `count` DATA commands with a temporary failure (451). */
  failNext(count: number): void;
  close(): Promise<void>;
}

export async function startSmtpServer(options: { user?: string; password?: string } = {}): Promise<LocalSmtpServer> {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    disabledCommands: options.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.user,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            user: session.user as string | undefined,
            mail,
          });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = (server as unknown as { server: Server }).server.address() as AddressInfo;
  const credentials = options.user ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password ?? '')}@` : '';
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    failNext(count) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface GatewayRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  at: number;
}

export interface LocalSmsGateway {
  url: string;
  requests: GatewayRequest[];
  /** Answer the next `count` requests with this status (e.g. 503). */
  failNext(count: number, status?: number): void;
  /** Wait this long before answering each request. */
  delay(ms: number): void;
  close(): Promise<void>;
}

export async function startSmsGateway(): Promise<LocalSmsGateway> {
  const requests: GatewayRequest[] = [];
  let failures = 0;
  let failStatus = 503;
  let delayMs = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Kept as text: the test sees what was sent.
      }
      const answer = () => {
        if (failures > 0) {
          failures--;
          response.writeHead(failStatus, { 'content-type': 'application/json' }).end('{"error":"gateway busy"}');
          return;
        }
        requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body, at: Date.now() });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}');
      };
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/sms`,
    requests,
    failNext(count, status = 503) {
      failures = count;
      failStatus = status;
    },
    delay(ms) {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits until `check` answers true (polling every 10 ms), or fails after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
