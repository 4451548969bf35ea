import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fieldRefusal } from '../lib/refusal.ts';

type Limits = NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits'];

/**
 * @fastify/multipart's own refusals (a file or part limit) carry a `FST_` code and are answered by the callers;
 * anything else the parser throws (busboy's "Unexpected end of multipart data", "Boundary not found") is a body no
 * browser sent: 400 `upload_malformed`, not a 500.
 */
function malformed(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('FST_') ? error : fieldRefusal('request', 'upload_malformed');
}

/** A file part's bytes, with a broken body refused as `upload_malformed`. */
export async function bytesOf(part: Extract<Multipart, { type: 'file' }>): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    throw malformed(error);
  }
}

/** The parts of a multipart request, in order; a broken body is refused as `upload_malformed`. */
export async function* partsOf(request: FastifyRequest, limits: Limits): AsyncGenerator<Multipart> {
  let iterator: AsyncIterator<Multipart>;
  try {
    iterator = (request.parts({ limits }) as AsyncIterable<Multipart>)[Symbol.asyncIterator]();
  } catch (error) {
    throw malformed(error);
  }
  try {
    for (;;) {
      let step: IteratorResult<Multipart>;
      try {
        step = await iterator.next();
      } catch (error) {
        throw malformed(error);
      }
      if (step.done) return;
      yield step.value;
    }
  } finally {
    // The caller stopped early (a refusal): end the parser's own generator as for-await would have.
    await iterator.return?.();
  }
}
