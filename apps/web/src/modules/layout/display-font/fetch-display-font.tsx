'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { DISPLAY_FONT_ATTRIBUTE, DISPLAY_FONT_KEY } from './display-font-state';
import { fontFileUrl } from './font-file-url';

/**
 * Two seconds after `load`, not at once: a fast page can fire `load` before its largest paint is presented (seen on
 * most loads of a product page on loopback, even a frame later), and the font is for the next page, not this one.
 */
const AFTER_LOAD_MS = 2000;

/**
 * Mounted once in the root layout: on a page drawn without the headings' web font, has the browser download its file
 * into its cache a while after the page has loaded, when the browser is idle, and remembers that it has it. The next
 * page uses the font from the cache (a page loaded afresh through MarkDisplayFont, one reached by a link here); this
 * one keeps the serif it was drawn with.
 *
 * A download into the cache, not `document.fonts.load`: a font loading into the page makes the browser restyle and
 * lay out every element again (40 ms on a category page here, four times that on Lighthouse's phone), for text that
 * does not even use it.
 */
export function FetchDisplayFont({ family }: { family: string }) {
  const pathname = usePathname();
  const downloaded = useRef(false);
  const drawnAt = useRef(pathname);

  // A link followed after the download: the new page's headings use the font from its first paint (a layout effect
  // runs before the browser paints the page React has just put in).
  useLayoutEffect(() => {
    if (downloaded.current && pathname !== drawnAt.current) document.documentElement.setAttribute(DISPLAY_FONT_ATTRIBUTE, '');
  }, [pathname]);

  useEffect(() => {
    if (document.documentElement.hasAttribute(DISPLAY_FONT_ATTRIBUTE)) return;
    let cancelled = false;
    const download = () => {
      const url = cancelled ? null : fontFileUrl(family);
      if (!url) return;
      // A prefetch hint: the browser downloads the file into its cache at low priority, for the pages to come.
      const hint = document.createElement('link');
      hint.rel = 'prefetch';
      hint.as = 'font';
      hint.type = 'font/woff2';
      hint.crossOrigin = 'anonymous';
      hint.href = url;
      hint.onload = () => {
        downloaded.current = true;
        try {
          localStorage.setItem(DISPLAY_FONT_KEY, '1');
        } catch {
          // Storage refused: a later page downloads it again.
        }
      };
      document.head.append(hint);
    };
    const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(download, { timeout: 5000 }) : setTimeout(download, 1000));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const afterLoad = () => {
      timer = setTimeout(whenIdle, AFTER_LOAD_MS);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener('load', afterLoad);
    };
  }, [family]);
  return null;
}
