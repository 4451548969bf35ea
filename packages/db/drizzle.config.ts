import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; both engines (PGlite and PostgreSQL) run the same SQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema/index.ts',
  out: './packages/db/migrations',
});
