'use client';

import { useEffect } from 'react';
import { watchLazyImages } from './watch-lazy-images';

/** Mounted once in the root layout: loads lazy images as they near the screen (lazy-attributes.ts, decision 036). */
export function LazyImages() {
  useEffect(() => watchLazyImages(), []);
  return null;
}
