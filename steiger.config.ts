import fsd from '@feature-sliced/steiger-plugin';
import { defineConfig } from 'steiger';

// The Feature-Sliced rules, checked mechanically: layers import only downwards, slices are
// reached only through their index.ts, segments are named by purpose.
export default defineConfig([
  ...fsd.configs.recommended,
  {
    // Tests sit beside the code they test and may reach into their own slice.
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
  },
  {
    rules: {
      // A slice used by one page today is still a business noun or a user action of its own
      // (the architecture lists them); merging it into the page would only move it back later.
      'fsd/insignificant-slice': 'off',
    },
  },
  {
    // Features stay flat, one verb-noun slice per user action: a group by noun would be a second
    // way to find the same action, and the actions do not share code a group could hold. Entities
    // likewise, one slice per business noun the architecture lists.
    files: ['./src/features/**', './src/entities/**'],
    rules: { 'fsd/excessive-slicing': 'off' },
  },
]);
