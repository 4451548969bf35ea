import { consoleLine } from '../console-line.ts';
import type { OutgoingMessage, Transport } from './transport.ts';

/** Where the dev transport's lines go: the console (process.stdout) unless the app is quiet (tests, LOG_LEVEL=warn). */
export type ConsolePrinter = (line: string) => void;

/**
 * Development delivery, when neither SMTP_URL nor SMS_GATEWAY_URL is set: the message is printed as one readable
 * line on the console (straight to stdout, not through the JSON logger) and stays in the outbox, where
 * /api/dev/outbox and the storefront's /dev/outbox page list it. So a fresh checkout can sign in.
 */
export function createDevTransport(print: ConsolePrinter): Transport {
  return {
    name: 'dev',
    real: false,
    send(message: OutgoingMessage) {
      print(consoleLine(message));
      return Promise.resolve();
    },
  };
}
