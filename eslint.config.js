import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/*
 * The server (apps/server/src) is folded by subject; inside a subject, a file's name says its part. Bottom to
 * top, `import-x/no-restricted-paths` keeps each part to the ones below it, `import-x/no-cycle` forbids cycles
 * (type-only imports do not count as cycles, but do count as layering):
 *
 *   packages/domain     pure rules: imports nothing from apps/, e2e/ or bench/.
 *   config/, faults.ts, signed-token.ts   the app's settings and signed tokens: the bottom (config/config.ts
 *                       reads the BusinessDetails type of documents/business.ts, a leaf that imports nothing).
 *   context.ts          the request context's types: names (type-only) the services it carries, so it is
 *                       no zone's target; every layer may import it.
 *   db/                 schema, client, change feed, job queue, row types. The bottom layer.
 *   jsonapi/            the generic resource layer (document, errors, query, engine, audit). Uses db only.
 *   outside services    mail/, sms/, photos/, payments/provider/, flights/status-provider/, and documents/'s PDF
 *                       and CSV makers: use db and jsonapi, no subject's services.
 *   subjects            accounts, bookings, catalogue, content, custody, documents, flights, operations, payments,
 *                       pricing, privacy, reports, subscriptions, waitlist. In each:
 *                         services  (any other file) the use cases: may use other subjects' services, not
 *                                   jsonapi/ (they throw the domain's DomainError, mapped in jsonapi/errors.ts);
 *                         *-resource.ts  the JSON:API resource definitions: use services, not routes;
 *                         *-routes.ts    the declared actions: the top of the request stack.
 *   http/               the request pipeline: does not import routes.
 *   jobs/ cli/ seed/ app.ts main.ts   entry points; nothing below imports them.
 *   test/, *.test.ts    test helpers and tests: not restricted; production code does not import test/.
 */
const server = 'apps/server/src';
/** An `except` glob is matched against the imported file's absolute path. */
const absolute = (glob) => `${import.meta.dirname}/${glob}`;
const subjectNames = [
  'accounts',
  'bookings',
  'catalogue',
  'content',
  'custody',
  'documents',
  'flights',
  'operations',
  'payments',
  'pricing',
  'privacy',
  'reports',
  'subscriptions',
  'waitlist',
];
const subjects = `${server}/{${subjectNames.join(',')}}`;
const g = {
  kernel: [`${server}/config/**`, `${server}/faults.ts`, `${server}/signed-token.ts`],
  db: [`${server}/db/*.ts`, `${server}/db/schema/**`],
  jsonapi: [`${server}/jsonapi/**`],
  outside: [
    `${server}/mail/**`,
    `${server}/sms/**`,
    `${server}/photos/**`,
    `${server}/payments/provider/**`,
    `${server}/flights/status-provider/**`,
    `${server}/documents/!(*-routes|*-resource|invoice-data|invoice|invoice-body).ts`,
  ],
  /** Every file of a subject (the outside services inside payments/, flights/ and documents/ included). */
  subjects: [`${subjects}/**`],
  resources: [`${subjects}/**/*-resource.ts`],
  routes: [`${subjects}/**/*-routes.ts`],
  http: [`${server}/http/**`],
  /** jobs/every.ts, the repeating timer, is a leaf every sweep uses. */
  entries: [`${server}/jobs/!(every).ts`, `${server}/cli/**`, `${server}/seed/**`, `${server}/{app,main}.ts`],
  test: [`${server}/test/**`],
};
const requestTop = [...g.routes, ...g.http, ...g.entries, ...g.test];
const forbid = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });
const serverZones = [
  forbid(
    g.kernel,
    [...g.db, ...g.jsonapi, ...g.subjects, `${server}/{context,registry}.ts`, ...requestTop],
    'config/, faults.ts and signed-token.ts are the bottom of the server.',
    [absolute(`${server}/documents/business.@(ts)`)],
  ),
  forbid(
    g.db,
    [...g.jsonapi, ...g.subjects, ...g.outside, ...requestTop],
    'db/ is the bottom layer: it imports no other server folder.',
  ),
  forbid(
    g.jsonapi,
    [...g.subjects, ...g.outside, ...requestTop],
    'jsonapi/ is the generic resource layer: it uses db/ only.',
  ),
  forbid(
    g.outside,
    [...g.subjects, ...requestTop],
    'An outside service (mail, sms, photos, payment and flight-status providers, PDF and CSV) uses db/ and jsonapi/, no subject.',
    g.outside.map(absolute),
  ),
  forbid(
    `${subjects}/**/!(*-routes|*-resource).ts`,
    [...g.resources, ...requestTop],
    "A subject's services do not import resources, routes, http or the entry points.",
  ),
  forbid(
    `${subjects}/**/!(*-routes|*-resource).ts`,
    g.jsonapi,
    "A subject's services take and answer plain values: they refuse with the domain's DomainError " +
      '(@parking/domain/errors) and leave documents, pointers and statuses to resources and routes.',
  ),
  forbid(g.resources, requestTop, 'Resources do not import routes, http or the entry points.'),
  forbid(g.routes, [...g.entries, ...g.test], 'Routes do not import the entry points.'),
  forbid(g.http, [...g.routes, ...g.entries, ...g.test], 'http/ does not import routes or the entry points.'),
  forbid(
    [`${server}/jobs/**`, `${server}/cli/**`, `${server}/seed/**`],
    [...g.routes, ...g.http, ...g.test],
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
