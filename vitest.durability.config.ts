import { defineConfig } from 'vitest/config';

// Durability: the real server killed with SIGKILL while writes are under way, then restarted.
// Not part of `npm test`: it starts and kills several servers (about a minute).
export default defineConfig({
  test: {
    include: ['tests/durability/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
