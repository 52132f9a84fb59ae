import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` diffs the schema against the committed migrations; it needs no database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
