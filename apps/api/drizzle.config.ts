import { defineConfig } from 'drizzle-kit';

// Generates the committed SQL migrations from src/db/schema.ts: `npm run db:generate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
