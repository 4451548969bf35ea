'use client';

import { useTranslations } from 'next-intl';
import type { UnitCustomisation } from '@shop/domain/customisation';

/** What was sent for each unit, read-only (a locked line): its text and 80x80 thumbnails opening the display size. */
export function SentUnits({ units, productName }: { units: UnitCustomisation[]; productName: string }) {
  const t = useTranslations('customisation');
  return (
    <ol className="flex flex-col gap-3">
      {units.map((unit, index) => (
        <li key={index} className="rounded-xl border border-line p-3 text-sm">
          <p className="font-semibold">{t('unitLabel', { unit: index + 1, name: productName })}</p>
          {unit.text ? <p className="mt-1 whitespace-pre-wrap break-words">{unit.text}</p> : null}
          {unit.customization_image.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-2">
              {unit.customization_image.map((image, i) => (
                <li key={image.id}>
                  <a href={image.original} target="_blank" rel="noopener" aria-label={t('openPhoto', { index: i + 1, unit: index + 1 })}>
                    <img
                      src={image.thumbnail}
                      alt={t('photoAlt', { index: i + 1, unit: index + 1 })}
                      width={80}
                      height={80}
                      className="h-20 w-20 rounded-lg border border-line object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
