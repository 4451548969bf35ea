import { headers } from 'next/headers';

/** A small script written into the page, carrying the nonce src/proxy.ts made for it (the CSP allows no other, 044). */
export async function InlineScript({ code }: { code: string }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  // The browser hides a nonce from the DOM once the script has run, so the attribute never matches on hydration.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />;
}
