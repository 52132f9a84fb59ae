import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'server/db/migrations', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The panel talks to the API only through src/shared/api; the server code stays out of it.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'fastify', 'drizzle-orm', 'pg', '@electric-sql/*'], message: 'El panel no importa código del servidor.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/*', '**/src/**'], message: 'El servidor no importa código del panel.' }] }],
    },
  },
);
