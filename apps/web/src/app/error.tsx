'use client';

import { useTranslations } from 'next-intl';
import { ErrorFallback } from '@modules/common/errors/error-fallback';

/** Render failure inside the shell: the header and footer stay, the page shows the spec's text. */
export default function Error({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors');
  return <ErrorFallback error={error} reset={reset} texts={{ message: t('message'), retry: t('retry'), home: t('home') }} />;
}
