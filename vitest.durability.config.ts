import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Durability: the real server killed with SIGKILL while writes are under way, then restarted;
// an export larger than the server's heap. Not part of `npm test`: they start and kill servers.
export default defineConfig({
  // A test that prepares the server's database itself imports the server's code.
  resolve: { alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) } },
  test: {
    include: ['tests/durability/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
