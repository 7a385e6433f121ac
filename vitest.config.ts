// Test projects: one per package, plus the end-to-end browser journeys.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // a project does not inherit the timeouts above: each names its own
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'engine',
          include: ['packages/engine/{src,test}/**/*.test.ts'],
          exclude: ['packages/engine/test/fixtures/**', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
    ],
  },
});
