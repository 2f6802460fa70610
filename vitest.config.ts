import { defineConfig } from 'vitest/config';

// Unit, property and component tests. Component tests opt into jsdom with a
// `// @vitest-environment jsdom` comment; end-to-end tests have their own config.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20000,
    setupFiles: ['tests/setup-dom.ts'],
  },
});
