import { LAZY_MARGIN, LAZY_SRC, LAZY_SRCSET } from './lazy-attributes';

const SELECTOR = `img[${LAZY_SRC}]`;

/** Puts an image's real sources in place (srcset first, so the browser picks its size before `src` starts a load). */
function reveal(image: HTMLImageElement) {
  const src = image.getAttribute(LAZY_SRC);
  if (!src || image.getAttribute('src') === src) return;
  const srcset = image.getAttribute(LAZY_SRCSET);
  // An image whose sources changed in place must not keep the previous srcset, which would win over the new src.
  if (srcset) image.setAttribute('srcset', srcset);
  else image.removeAttribute('srcset');
  image.setAttribute('src', src);
}

/**
 * Loads every lazy image under `root` once it is within 200px of the viewport, including images added later (a rail
 * fetched on scroll, a page rendered by client navigation) and images whose source changes in place (a gallery).
 * Sideways scroll containers get the same margin (`scrollMargin`), so the next slide of a carousel is ready before it
 * is swiped to; only sideways, since Chromium counts the page's own scroller too and would double the margin downwards.
 * Answers a function that stops watching.
 */
export function watchLazyImages(root: ParentNode & Node = document.body): () => void {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        reveal(entry.target as HTMLImageElement);
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: LAZY_MARGIN, scrollMargin: `0px ${LAZY_MARGIN}` } as IntersectionObserverInit,
  );
  const watch = (node: Node) => {
    if (!(node instanceof Element)) return;
    if (node.matches(SELECTOR)) observer.observe(node);
    for (const image of node.querySelectorAll(SELECTOR)) observer.observe(image);
  };
  watch(root);
  const mutations = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'childList') record.addedNodes.forEach(watch);
      // Our own reveal sets `src` to the real file: nothing to watch again then.
      else if ((record.target as Element).getAttribute('src') !== (record.target as Element).getAttribute(LAZY_SRC)) watch(record.target);
    }
  });
  // `src` too: React puts the blank back when it re-renders an image with a new size but the same file.
  mutations.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: [LAZY_SRC, 'src'] });
  return () => {
    mutations.disconnect();
    observer.disconnect();
  };
}
