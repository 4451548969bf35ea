import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const config: NextConfig = {
  // Lets a second build or dev server run beside `npm start` without sharing its output folder.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  // The shared packages ship TypeScript source; Next compiles them with the app.
  transpilePackages: ['@shop/domain'],
  poweredByHeader: false,
  reactStrictMode: true,
  images: {
    // Spec §9, word for word.
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
    formats: ['image/webp'],
    minimumCacheTTL: 60,
    // Catalogue images are served by the API under /api/media and reach the optimiser through src/proxy.ts.
    localPatterns: [{ pathname: '/api/media/**' }],
  },
};

export default withNextIntl(config);
