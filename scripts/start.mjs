// `npm start`: builds the site and serves it on http://localhost:4321.
import { spawn } from 'node:child_process';
import { portIsFree, run, step } from './lib.mjs';

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';

if (!(await portIsFree(port, host))) {
  console.error(
    `✖ Port ${port} is already in use. Stop what is running there, or start on another port: PORT=4400 npm start`,
  );
  process.exit(1);
}

step('Building the site');
const built = await run('astro', ['build']);
if (built !== 0) process.exit(built);

step(`Starting Quill Reads on http://${host}:${port}`);
const server = spawn(process.execPath, ['dist/server/entry.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: String(port), HOST: host },
});
console.log(`\n  Quill Reads is running at http://${host}:${port}  (Ctrl+C to stop)\n`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
