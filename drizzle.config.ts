import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes SQL migrations into drizzle/ from the schema; they are
// committed and applied when the server and the tests start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema.server.ts',
  out: './drizzle',
});
