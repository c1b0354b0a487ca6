import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Property tests run thousands of cases: on a busy 2-core CI machine that takes more than 5 s.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'src/**/*.faults.test.ts'],
          environment: 'node',
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          env: { TZ: 'UTC' },
        },
      },
      {
        // The real server as a child process, killed and restarted (npm run test:faults; needs PostgreSQL).
        test: {
          name: 'faults',
          root: './apps/server',
          include: ['src/**/*.faults.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          pool: 'forks',
          fileParallelism: false,
          env: { TZ: 'UTC' },
        },
      },
      './apps/web/vite.config.ts',
      {
        // Repository checks that read files (node:fs), kept out of the browser-pure domain package.
        test: {
          name: 'docs',
          root: './scripts',
          include: ['*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
