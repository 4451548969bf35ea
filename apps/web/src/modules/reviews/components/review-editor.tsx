'use client';

import type { ComponentProps } from 'react';
import { ReviewForm } from './review-form';
import { ReviewsMessages } from './reviews-messages';

/** The review form with its messages: one lazily loaded chunk (react-hook-form, zod, next-intl, the texts). */
export default function ReviewEditor(props: ComponentProps<typeof ReviewForm>) {
  return (
    <ReviewsMessages>
      <ReviewForm {...props} />
    </ReviewsMessages>
  );
}
