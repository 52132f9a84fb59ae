import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The panel talks to the API only through src/shared/api; the server code stays out of it.
const serverImports = [
  { group: ['**/server/**', 'fastify', 'drizzle-orm', 'pg', '@electric-sql/*'], message: 'El panel no importa código del servidor.' },
];

// Shared UI is imported piece by piece, so a page's chunk carries only the pieces it uses.
const sharedUiBarrel = { name: '@/shared/ui', message: "Importa cada pieza por su carpeta: '@/shared/ui/<pieza>'." };

// Mantine's own dialogs all close on one Escape; ours let only the topmost one answer it.
const stackedDialogs = {
  name: '@mantine/core',
  importNames: ['Modal', 'Drawer'],
  message: "Usa Modal y Drawer de '@/shared/ui/modal': con un diálogo sobre otro, Escape cierra solo el de arriba.",
};

// Mantine's selects keep a hidden dropdown from the first render, placed as the screen mounts.
const selectsOnFocus = {
  name: '@mantine/core',
  importNames: ['Select', 'MultiSelect'],
  message: "Usa Select de '@/shared/ui/select' y MultiSelect de '@/shared/ui/multi-select': su lista se añade al enfocar el campo, no al montar la pantalla.",
};

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
      'no-restricted-imports': ['error', { patterns: serverImports, paths: [sharedUiBarrel, stackedDialogs, selectsOnFocus] }],
    },
  },
  {
    files: ['src/shared/ui/modal/modal.tsx', 'src/shared/ui/select/select.tsx', 'src/shared/ui/multi-select/multi-select.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverImports }] },
  },
  {
    // Every route's search parser is in the entry chunk that /login loads: keep zod out of it.
    files: ['src/pages/*/model/search.ts', 'src/app/**/*.{ts,tsx}', 'src/shared/lib/search-params.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            sharedUiBarrel,
            stackedDialogs,
            selectsOnFocus,
            ...['zod', 'zod/mini'].map((name) => ({
              name,
              message: "Usa searchSchema, searchText, searchNumber y searchEnum de '@/shared/lib': zod pesa 15 KB en /login.",
            })),
          ],
          patterns: serverImports,
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@/*', '**/src/**'], message: 'El servidor no importa código del panel.' }],
          // inArray sends a parameter per value, each built and typed apart: slow to build for a page's ids.
          paths: [{ name: 'drizzle-orm', importNames: ['inArray'], message: 'Usa anyOf de server/db/any-of: un solo parámetro de array, no uno por valor.' }],
        },
      ],
    },
  },
);
