import { defineConfig } from 'drizzle-kit';

// Migrations are generated once from the schema and applied by db/migrate.ts
// to PGlite or PostgreSQL alike; generation needs no database connection.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
});
