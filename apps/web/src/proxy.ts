import { type NextRequest, NextResponse } from 'next/server';
import { apiOrigin } from '@lib/api/origin';

/**
 * The storefront and the API share one origin for the browser: every /api/* request is forwarded
 * to the API process, read from the environment at run time (not baked in at build time).
 */
export function proxy(request: NextRequest) {
  const target = new URL(request.nextUrl.pathname + request.nextUrl.search, apiOrigin());
  return NextResponse.rewrite(target);
}

export const config = { matcher: ['/api/:path*'] };
