// For `npm run soak:pglite -- --mode shared` (scripts/soak/shared.ts): PGlite opened directly on a
// folder another process may hold, deliberately without the folder's lock (src/platform/db/
// dataDirLock.server.ts), to see what two processes on one folder do to it. It writes rows until
// it is killed, or closes cleanly when told to on stdin ("stop"), as a server stopped with Ctrl+C.
// Lines: ready | acked <n> (every 25 rows) | closed
import { PGlite } from '@electric-sql/pglite';

const [dir, who] = process.argv.slice(2);
if (!dir || !who) throw new Error('usage: sharedWriter.ts <folder> <name>');
let stop = false;
process.stdin.on('data', () => {
  stop = true;
});
const client = new PGlite(dir);
await client.query('create table if not exists shared_rows (id serial primary key, who text, n int)');
console.log('ready');
for (let n = 1; ; n++) {
  await client.query('insert into shared_rows (who, n) values ($1, $2)', [who, n]);
  if (n % 25 === 0) {
    console.log(`acked ${n}`);
    // Lets stdin (a stop) and the clock be seen.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (stop) {
    await client.close();
    console.log(`acked ${n}\nclosed`);
    process.exit(0);
  }
}
