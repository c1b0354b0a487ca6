// Bundles the server into dist/main.js, and the CLIs an operator runs beside it into dist/create-admin.js and
// dist/check-production.js (a container image has no tsx to run the TypeScript ones): our workspace packages are
// compiled in, npm packages stay external.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  // tracing.js is given to Node before main.js (node --import), to start OpenTelemetry first when it is configured.
  entryPoints: {
    main: 'src/main.ts',
    tracing: 'src/observability/tracing.ts',
    'create-admin': 'src/cli/create-admin.ts',
    'check-production': 'src/cli/check-production.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@parking/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
