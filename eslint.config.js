// Code lint for Muster's TypeScript. Content documents are checked by `npm run lint:content`.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'src/generated/**', 'src/engine/formats.generated.ts', 'public/mockServiceWorker.js'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `any` needs a comment saying why (developers' guide): the disable comment is that place.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // Layers (developers' guide, docs/architecture.md): the engine and the rules are pure (no
  // React, DOM or network); screens never call services; services know neither the app nor the UI.
  {
    files: ['src/engine/**/*.ts', 'src/rules/**/*.ts'],
    languageOptions: { globals: { ...globals.es2024 } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@rjsf/*', '@tanstack/*'], message: 'src/engine and src/rules are pure: no React.' },
            { group: ['axios', 'msw', 'msw/*', 'oidc-client-ts'], message: 'src/engine and src/rules are pure: no network.' },
            { group: ['**/app/*', '**/ui/*', '**/services/*', '**/sandbox/*', '**/app', '**/ui', '**/services', '**/sandbox'], message: 'src/engine and src/rules import only each other.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'fetch', 'XMLHttpRequest', 'localStorage', 'sessionStorage', 'location'],
    },
  },
  {
    files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/services/*', '**/services', '**/sandbox/*', 'axios'], message: 'Screens never call services: the app passes what they need through props (src/ui/contract.ts).' }] }],
    },
  },
  {
    files: ['src/services/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/*', '**/ui/*', '**/app', '**/ui', 'react', 'react-dom'], message: 'Services import neither the app nor the UI: declare the port the service needs in src/services.' }] }],
    },
  },
);
