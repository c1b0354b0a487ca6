import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/*
 * The server's layers, bottom to top (apps/server/src). A folder imports only from its own layer's
 * modules it is allowed below it; `import-x/no-restricted-paths` enforces it, `import-x/no-cycle` forbids
 * cycles (type-only imports do not count as cycles, but do count as layering).
 *
 *   packages/domain     pure rules: imports nothing from apps/, e2e/ or bench/.
 *   config.ts, config-*.ts, faults.ts  the app's settings: no server folder (config reads the BusinessDetails type of
 *                       documents/business.ts, a leaf that imports nothing); signed-token.ts, the signed
 *                       links and tokens that auth/ and mail/ both issue.
 *   context.ts          the request context's types: names (type-only) the services it carries, so it is
 *                       no zone's target; every layer may import it.
 *   db/                 schema, client, change feed, row types (db/rows.ts). db/seed/ is a tool (top).
 *   jsonapi/            the generic resource layer: document, errors, query, engine, the API's value
 *                       formats (jsonapi/values.ts). Uses db only.
 *   auth/ payments/ content/ documents/ mail/ photos/
 *                       adapters: use db and jsonapi, not each other, except mail → documents (an email
 *                       attaches the invoice).
 *   services/           the use cases: use the adapters.
 *   reports/ resources/ read models and declared resources: use services, not each other.
 *   routes/ http/       the top of the request stack (http/ does not import routes/).
 *   jobs/ cli/ db/seed/ app.ts main.ts   entry points; nothing below imports them.
 *   test/, *.test.ts    test helpers and tests: not restricted; production code does not import test/.
 */
const server = 'apps/server/src';
const layer = {
  kernel: [
    `${server}/config.ts`,
    `${server}/config-*.ts`,
    `${server}/faults.ts`,
    `${server}/signed-token.ts`,
  ],
  db: `${server}/db`,
  jsonapi: `${server}/jsonapi`,
  auth: `${server}/auth`,
  payments: `${server}/payments`,
  content: `${server}/content`,
  documents: `${server}/documents`,
  mail: `${server}/mail`,
  photos: `${server}/photos`,
  services: `${server}/services`,
  reports: `${server}/reports`,
  resources: `${server}/resources`,
  routes: `${server}/routes`,
  http: `${server}/http`,
  entries: [`${server}/jobs`, `${server}/cli`, `${server}/db/seed`, `${server}/app.ts`, `${server}/main.ts`],
  test: `${server}/test`,
};
const adapters = ['auth', 'payments', 'content', 'documents', 'mail', 'photos'];
/** Everything from `name` up, as `from` paths: a layer may import none of them. */
const above = (...names) => names.flatMap((name) => layer[name]);
const entriesAndTests = above('entries', 'test');
const requestTop = [...above('routes', 'http'), ...entriesAndTests];
const forbid = (target, from, message) => ({ target, from, message });
const serverZones = [
  forbid(
    layer.kernel,
    [
      ...above('db', 'jsonapi', 'services', 'reports', 'resources'),
      ...adapters.filter((a) => a !== 'documents').flatMap((a) => layer[a]),
      `${server}/context.ts`,
      ...requestTop,
    ],
    'config.ts, config-*.ts, faults.ts and signed-token.ts are the bottom of the server.',
  ),
  {
    ...forbid(layer.kernel, layer.documents, 'config.ts reads only documents/business.ts.'),
    except: ['./business.ts'],
  },
  // db/seed is an entry point, not part of db/.
  forbid(
    [`${layer.db}/*.ts`, `${layer.db}/schema/**`],
    [
      ...above('jsonapi', 'services', 'reports', 'resources'),
      ...adapters.flatMap((a) => layer[a]),
      ...requestTop,
    ],
    'db/ is the bottom layer: it imports no other server folder.',
  ),
  forbid(
    `${layer.jsonapi}/**`,
    [...adapters.flatMap((a) => layer[a]), ...above('services', 'reports', 'resources'), ...requestTop],
    'jsonapi/ is the generic resource layer: it uses db/ only.',
  ),
  ...adapters.map((adapter) =>
    forbid(
      `${layer[adapter]}/**`,
      [
        ...adapters
          .filter((other) => other !== adapter && !(adapter === 'mail' && other === 'documents'))
          .map((other) => layer[other]),
        ...above('services', 'reports', 'resources'),
        ...requestTop,
      ],
      `${adapter}/ is an adapter: it uses db/ and jsonapi/, not services, resources, routes or other adapters.`,
    ),
  ),
  forbid(
    `${layer.services}/**`,
    [...above('reports', 'resources'), ...requestTop],
    'services/ do not import reports, resources, routes or http.',
  ),
  forbid(
    `${layer.reports}/**`,
    [layer.resources, ...requestTop],
    'reports/ do not import resources, routes or http.',
  ),
  forbid(
    `${layer.resources}/**`,
    [layer.reports, ...requestTop],
    'resources/ do not import reports, routes or http.',
  ),
  forbid(
    `${layer.http}/**`,
    [layer.routes, ...entriesAndTests],
    'http/ does not import routes/ or the entry points.',
  ),
  forbid(`${layer.routes}/**`, entriesAndTests, 'routes/ do not import the entry points.'),
  forbid(
    [`${server}/jobs/**`, `${server}/cli/**`, `${server}/db/seed/**`],
    [...above('routes', 'http'), layer.test],
    'Entry points do not import routes, http or test helpers.',
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
      // Fixtures of apps/server/src/lint-rules.test.ts (an import cycle on purpose).
      'apps/server/src/test/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // What import-x parses when it follows an import (its typescript preset's values).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/*/tsconfig.json',
            'apps/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A file over 400 lines holds more than one thing: split it where its parts meet (issue 21).
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['apps/server/src/**/*.ts', 'packages/domain/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            forbid(
              'packages/domain/src',
              ['apps', 'e2e', 'bench'],
              'packages/domain is pure: it imports nothing from apps/.',
            ),
            forbid('apps/web/src', 'apps/server', 'The web talks to the server over HTTP only.'),
            forbid(server, 'apps/web', 'The server does not import the web app.'),
            ...serverZones,
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fastify*', 'drizzle-orm*', 'react*', '@mui/*'] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/documents/csv.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['csv-stringify', 'csv-stringify/*'],
              message: 'Write CSV through documents/csv.ts (csvDocument), which neutralises formula cells.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*/**', '../../*/**'],
              message: 'Features do not import each other; move shared pieces to components/.',
            },
          ],
        },
      ],
    },
  },
);
