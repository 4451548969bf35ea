const unquote = (name: string) => name.trim().replace(/^(['"])(.*)\1$/, '$2');

/**
 * The address of the file behind a web font `family`, read from the page's own @font-face rules: next/font names and
 * places the file at build time and tells the page only the family. Null when no same-origin stylesheet declares it.
 */
export function fontFileUrl(family: string): string | null {
  const wanted = unquote(family);
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's stylesheet: its rules cannot be read
    }
    for (const rule of Array.from(rules)) {
      if (!(rule instanceof CSSFontFaceRule) || unquote(rule.style.getPropertyValue('font-family')) !== wanted) continue;
      const src = /url\(\s*(['"]?)([^'")]+)\1\s*\)/.exec(rule.style.getPropertyValue('src'));
      if (src?.[2]) return new URL(src[2], sheet.href ?? document.baseURI).href;
    }
  }
  return null;
}
