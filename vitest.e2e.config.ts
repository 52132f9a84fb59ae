import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Browser tests: the real server (built panel + API) driven by Debian's Chromium.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    // Each file starts its own server on a free port and its own DATA_DIR, with its own browser, so
    // files share nothing and run side by side, one per core: most of a browser test is waiting for
    // a page, a fade or the server, which the other file fills.
    maxWorkers: availableParallelism(),
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
