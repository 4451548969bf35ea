// ESLint (flat config): typescript-eslint's type-aware rules on every TypeScript file, Next.js's rules (with React,
// hooks and jsx-a11y) on the storefront. Decision 042.
import nextVitals from 'eslint-config-next/core-web-vitals';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['**/node_modules/', '**/.next/', '**/.next-*/', '**/.data/', '**/dist/', 'packages/db/drizzle/', '**/next-env.d.ts']),
  {
    files: ['apps/web/**/*.{ts,tsx,mjs,js}'],
    extends: [nextVitals],
    settings: { next: { rootDir: 'apps/web/' }, react: { version: '19' } },
  },
  {
    // The storefront renders plain <img> on purpose: catalogue images through StaticImage (getImageProps, nothing to
    // hydrate, lazy by one observer; decisions 015 and 036); personalisation photos that only their uploader and
    // staff may see, served by the session cookie (decision 023), which the image optimiser would not forward; and
    // the back office's thumbnails (already sized by the API) and local previews of files being chosen (blob: URLs).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { '@next/next/no-img-element': 'off' },
  },
  {
    // Storefront links are prefetched on intent (a pointer, touch or focus: IntentPrefetch), never because they scrolled
    // into view: each prefetch answer is parsed on the main thread, and a short page (an empty cart, the 404) showed
    // the footer's links and prefetched six pages twice while it was still starting (decisions 018, 033 and 137).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/app/admin/**', 'apps/web/src/modules/admin/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXOpeningElement[name.name="Link"]:not(:has(JSXAttribute[name.name="prefetch"]))',
          message: 'A storefront <Link> says prefetch={false}: IntentPrefetch prefetches it when the shopper points at it (decision 137).',
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      // The root's vitest config and its setup file belong to no package's tsconfig.
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts', 'test/*.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // The code leaves a value out by destructuring the rest (`const { alt: _old, ...rest } = image`) and names a
      // parameter it must take but does not read with a leading underscore (`(request, _reply) => …`).
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read answers as `any` (`response.json()`) and assert on them; the type-aware "unsafe" rules would only
    // make them cast what they are about to check, and `(item: any) => …` over such an answer says just that.
    // `useBrowser` in the browser tests is not a React hook.
    files: ['**/*.test.ts', 'apps/api/test/**', 'apps/web/e2e/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      'react-hooks/rules-of-hooks': 'off',
    },
  },
  {
    files: ['**/*.{mjs,js}'],
    extends: [tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
]);
