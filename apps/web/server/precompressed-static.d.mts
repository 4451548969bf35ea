// Types for next.config.ts, which imports the build step from this plain-JavaScript module (server.mjs runs untranspiled).
import type { IncomingMessage, ServerResponse } from 'node:http';

export const STATIC_PREFIX: string;
export function precompressDirectory(dir: string): Promise<number>;
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | undefined;
export function createPrecompressedStatic(staticDir: string): (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;
