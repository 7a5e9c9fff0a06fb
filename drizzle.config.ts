import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new versioned SQL migration from the schema diff.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
});
