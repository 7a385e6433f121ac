// Lint rules for every workspace: typescript-eslint's recommended set, React hooks in the web app, and
// regular expressions that cannot backtrack super-linearly (a user's template or a repository's files
// must never hold the event loop).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
  {
    // Code that reads what users and repositories send: a regular expression there must also not move
    // super-linearly (a global or unanchored search retried at each position of a long input).
    files: ['packages/engine/**/*.ts', 'packages/shared/**/*.ts', 'apps/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
