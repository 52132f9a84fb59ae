import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

/** The panel's `.test.ts` files that use the browser's APIs (storage, location, the mock server). */
const PANEL_TESTS_WITH_A_PAGE = ['src/shared/api/client.test.ts', 'src/entities/country/api/country.api.test.ts', 'src/features/global-search/model/recent-records.test.ts'];

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    // vitest leaves one core free by default, which on a 2-core machine runs the files one by one.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          // The panel's pure logic (formatting, parsers, rules): no page, so no jsdom, whose set-up
          // costs more than most of these files' tests.
          name: 'panel-logic',
          environment: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: PANEL_TESTS_WITH_A_PAGE,
        },
      },
      {
        extends: true,
        test: {
          name: 'panel',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', ...PANEL_TESTS_WITH_A_PAGE],
          setupFiles: ['tests/setup/panel.ts'],
          // One jsdom module graph per worker instead of per file: each file would otherwise load the
          // whole panel again. Each test starts clean anyway: the setup resets the mock stores, the
          // session, the URL, storage and the notifications after every test.
          pool: 'threads',
          isolate: false,
          // Typing through user-event in jsdom is CPU-bound: beside the API files on a busy machine, a
          // long form test can pass vitest's default timeout without anything being wrong.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'tests/api/**/*.test.ts'],
          // One migrated database that each file's own is copied from, instead of migrating each.
          globalSetup: ['tests/api/support/global-setup.ts'],
          // The server's modules are loaded once per worker, not once per file. Each file builds its
          // own app on its own database, so nothing it holds is shared; no file mocks a module
          // (vi.mock would leak across files).
          pool: 'threads',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
