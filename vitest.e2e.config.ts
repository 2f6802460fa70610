import { defineConfig } from 'vitest/config';

// End-to-end tests: the production build in real Chromium. One file at a time (2 cores).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 90000,
    hookTimeout: 120000,
    fileParallelism: false,
  },
});
