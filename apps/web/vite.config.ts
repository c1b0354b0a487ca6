/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
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

/**
 * The pre-render bundle (dist-ssr) in production mode, whatever NODE_ENV the server runs with: it must draw
 * exactly what the browser's bundle (always a production build) hydrates. In development mode MUI labels
 * every class name (`css-1h61nbu-MuiTypography-root` for `css-nr2vcm`), so on the demo server the browser
 * found none of the page's classes among the pre-rendered styles and compiled and inserted all 440 rules
 * again while hydrating, beside the server's.
 */
function productionPrerender(): Plugin {
  return {
    name: 'production-prerender',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild === true,
    config: () => ({ define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  };
}

/** The pre-rendered pages' own script (src/start-on-intent.ts): an entry of its own, beside the app's. */
const START_ON_INTENT = fileURLToPath(new URL('./src/start-on-intent.ts', import.meta.url));

/**
 * Builds src/start-on-intent.ts as a second entry and names its file on the app's script tag
 * (`data-on-intent`): the server swaps the two on a pre-rendered page (apps/server/src/http/prerender.ts),
 * which then runs the small script first and the app once a visitor reaches for the page.
 */
function startOnIntent(): Plugin {
  return {
    name: 'start-on-intent',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    config: (config) => ({
      build: {
        rolldownOptions: {
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            'start-on-intent': START_ON_INTENT,
            ...(config.build?.rolldownOptions?.input as Record<string, string> | undefined),
          },
        },
      },
    }),
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId === START_ON_INTENT,
        );
        const tag = '<script type="module" crossorigin src=';
        if (!chunk || !html.includes(tag)) throw new Error('start-on-intent: no entry or no app script tag');
        return html.replace(
          tag,
          `<script type="module" data-on-intent="/${chunk.fileName}" crossorigin src=`,
        );
      },
    },
  };
}

/**
 * Preloads the Inter file the first screen's text uses (latin, every weight: one variable font). Found
 * otherwise only once that text renders, they arrived after the first paint, and the swap from the
 * fallback font re-wrapped the heading and moved the quote form down (a layout shift).
 */
function preloadFirstScreenFonts(): Plugin {
  const wanted = /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;
  return {
    name: 'preload-first-screen-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        Object.keys(context.bundle ?? {})
          .filter((fileName) => wanted.test(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${fileName}`, crossorigin: '' },
            injectTo: 'head' as const,
          })),
    },
  };
}

/**
 * Puts the entry's stylesheet (the Inter font's @font-face rules, under 2 kB) into index.html itself.
 * As a file it was the one render-blocking request of every page: a phone on a slow network waited a
 * round trip for it before painting anything (Lighthouse: about 200 ms of the first paint). The fonts it
 * names stay files, the first screen's preloaded (above). The CSP allows inline styles (Emotion's too).
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'inline-entry-stylesheet',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) =>
        html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g,
          (link, fileName: string) => {
            const asset = context.bundle?.[fileName];
            if (asset?.type !== 'asset' || asset.source.length > 8 * 1024) return link;
            const css =
              typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
          },
        ),
    },
  };
}

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside each compressible asset, once, at build
 * time: the server sends them as they are (@fastify/static's preCompressed), smaller than what it could
 * afford to compress per request, and without the CPU per request.
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress-assets',
    // The browser's build only: the server's pre-render bundle (dist-ssr) is never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg|json|txt)$/.test(name)) continue;
        const file = join(assets, name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * One line per build instead of Vite's listing of every file (~550 lines for the two builds, which buried
 * anything worth reading): the build scripts run Vite with `--logLevel warn`, and this says what was written.
 * What each page downloads is measured, with budgets, by e2e/tests/initial-javascript.spec.ts.
 */
function buildSummary(): Plugin {
  return {
    name: 'build-summary',
    apply: 'build',
    writeBundle(options, bundle) {
      const files = Object.values(bundle);
      const bytes = files.reduce(
        (sum, file) => sum + (file.type === 'chunk' ? file.code.length : file.source.length),
        0,
      );
      const target = this.environment.config.consumer === 'server' ? 'pre-render bundle' : 'browser bundle';
      console.info(
        `${target}: ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB in ${relative(process.cwd(), options.dir ?? 'dist')}`,
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    siteMetadata(),
    productionPrerender(),
    preloadFirstScreenFonts(),
    inlineEntryStylesheet(),
    startOnIntent(),
    precompressAssets(),
    buildSummary(),
  ],
  resolve: {
    // `@/config/paths` instead of `../../../config/paths`: features reach shared code without
    // climbing out of their folder, which is also what the cross-feature lint rule watches.
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Sizes are checked against the pages' budgets (buildSummary above), not by gzipping every file twice.
    reportCompressedSize: false,
    // The entry (the home page with it) is one file by design (codeSplitting below), about 590 kB before
    // gzip; what matters, the initial download, has its budgets in e2e/tests/initial-javascript.spec.ts.
    chunkSizeWarningLimit: 700,
    // No preload lists for lazy chunks: they are the file names of every chunk the app has, shipped in
    // the entry to every visitor (4 kB gzip). A screen's chunk then fetches its shared chunks itself,
    // one round trip later; the home page has none, being part of the entry (one file, see below).
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The entry's static imports (the home page's among them) in one file: a first visit to /
          // downloads one script instead of forty small ones that each repeat their imports and exports.
          // The pre-rendered pages' own script (startOnIntent) is an entry apart, sharing nothing.
          groups: [{ name: 'app', tags: ['$initial'], test: (id) => id !== START_ON_INTENT }],
        },
      },
    },
  },
  // The server's pre-render bundle (`vite build --ssr src/entry-server.tsx`, see entry-server.tsx): one
  // self-contained file set, so that Node never resolves a browser package's imports on its own.
  ssr: { noExternal: true },
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
