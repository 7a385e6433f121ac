// Test projects: one per package, plus the end-to-end browser journeys.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'engine',
          include: ['packages/engine/{src,test}/**/*.test.ts'],
          exclude: ['packages/engine/test/fixtures/**', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' } },
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
