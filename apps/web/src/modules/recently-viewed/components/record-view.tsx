'use client';

import { useEffect } from 'react';
import { recordViewed, type ViewedProduct } from '../lib/recently-viewed';

/** Notes, in this browser only, that the product page was opened (issue 24, decision 101). Draws nothing. */
export function RecordView({ product }: { product: ViewedProduct }) {
  const { id, slug, name, image } = product;
  const src = image?.src;
  const width = image?.width;
  const height = image?.height;
  useEffect(() => {
    recordViewed({ id, slug, name, image: src && width && height ? { src, width, height } : null });
  }, [id, slug, name, src, width, height]);
  return null;
}
