'use client';

import { ErrorFallback } from '@modules/common/errors/error-fallback';
import { errorTexts } from '@modules/common/errors/error-texts';
import { useShopLocale } from '@modules/common/locale-context';

/**
 * Render failure inside the shell: the header and footer stay, the page shows the spec's text. Error boundaries load
 * with every page, so the texts come bundled rather than through next-intl (decision 018).
 */
export default function Error({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorFallback error={error} reset={reset} texts={errorTexts[useShopLocale()]} />;
}
