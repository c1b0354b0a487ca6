/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { site } from './src/config/site.ts';

// The API server (apps/server) in development; in production it serves this build itself.
const apiServer = 'http://localhost:8000';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Keeps index.html's title and description in step with src/config/site.ts. */
function siteMetadata(): Plugin {
  return {
    name: 'site-metadata',
    transformIndexHtml: {
      // Before Vite's own %ENV_VARIABLE% replacement, which would warn about these placeholders.
      order: 'pre',
      handler: (html) =>
        html
          .replaceAll('%SITE_NAME%', escapeHtml(site.name))
          .replaceAll('%SITE_DESCRIPTION%', escapeHtml(site.description)),
    },
  };
}

export default defineConfig({
  plugins: [react(), siteMetadata()],
  resolve: {
    // `@/config/paths` instead of `../../../config/paths`: features reach shared code without
    // climbing out of their folder, which is also what the cross-feature lint rule watches.
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    // changeOrigin stays false so that the server sees the browser's own Host and Origin, which its
    // cookie and CSRF checks compare.
    proxy: {
      '/backend': { target: apiServer },
      '/wp-json': { target: apiServer },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // user-event types key by key: on a busy 2-core CI machine a long form needs more than 5 s.
    testTimeout: 60_000,
  },
});
