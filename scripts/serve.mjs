// `npm run serve`: serves an existing build (run `npm run build` first).
import { existsSync } from 'node:fs';

if (!existsSync('dist/server/main.mjs')) {
  console.error('✖ There is no build yet. Run `npm run build` first, or `npm start` to build and serve.');
  process.exit(1);
}
process.env.PORT ??= '4321';
process.env.HOST ??= 'localhost';
await import('../dist/server/main.mjs');
