import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      './apps/console/vitest.config.ts',
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
          // Each file builds its own app on its own database: the server's modules are read once per worker, not
          // once per file (a third of the suite's time went on evaluating them again).
          isolate: false,
        },
      },
    ],
  },
});
