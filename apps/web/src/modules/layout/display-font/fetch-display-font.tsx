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
 * Mounted once in the root layout: on a page drawn without the headings' web font, downloads its file into the
 * browser's cache a while after the page has loaded, when the browser is idle, and remembers that it has it. The next
 * page uses the font from the cache (a page loaded afresh through MarkDisplayFont, one reached by a link here); this
 * one keeps the serif it was drawn with.
 *
 * A plain download, not `document.fonts.load`: a font loading into the page makes the browser restyle and lay out
 * every element again (40 ms on a category page here, four times that on Lighthouse's phone), for text that does not
 * even use it.
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
      fetch(url)
        .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(String(response.status)))))
        .then(() => {
          downloaded.current = true;
          localStorage.setItem(DISPLAY_FONT_KEY, '1');
        })
        // Offline, or storage refused: a later page downloads it again.
        .catch(() => {});
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
