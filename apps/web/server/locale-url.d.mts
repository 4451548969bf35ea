// Types for locale-url.mjs, which src/proxy.ts, src/i18n/request.ts and the language switcher import (allowJs is off).
export declare const LOCALES: string[];
export declare const DEFAULT_LOCALE: string;
export declare const LOCALE_COOKIE: string;
export declare const PREFIXED_LOCALES: string[];
export declare const LOCALE_HEADER: string;
export declare function splitLocalePrefix(target: string | undefined): { locale: string; url: string } | null;
export declare function withoutLocalePrefix(path: string): string;
export declare function localizedPath(path: string, locale: string): string;
export declare function stripInternalLocaleHeader(headers: Record<string, unknown> | Headers): void;
export declare function cookieLocale(cookieHeader: string | undefined | null): string | undefined;
export declare function localeCookieToSet(urlLocale: string, cookieHeader: string | undefined | null): string | null;
