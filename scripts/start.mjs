// `npm start`: builds the site, starts the local sign-in emulator, seeds demo content into an
// empty database, and serves everything on http://localhost:4321.
import { spawn } from 'node:child_process';
import { checkEmulatorExposure } from '../src/platform/server/network.server.ts';
import { startEmulator } from './emulator.mjs';
import { portIsFree, run, step } from './lib.mjs';
import { startMailCatcher } from './mailCatcher.mjs';

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';

// Local defaults; anything set in the environment wins.
const env = {
  APP_ENV: 'development',
  DATA_DIR: '.data/db',
  MEDIA_DIR: '.data/media',
  FIREBASE_PROJECT_ID: 'demo-quillreads',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  ADMIN_EMAILS: 'admin@example.com',
  ...process.env,
  PORT: String(port),
  HOST: host,
};
Object.assign(process.env, env);

// The server refuses this too; asking now spares a build. (The project's Node loads TypeScript.)
try {
  checkEmulatorExposure(host, env);
} catch (error) {
  console.error(`✖ ${error.message}`);
  process.exit(1);
}

if (!(await portIsFree(port, host))) {
  console.error(
    `✖ Port ${port} is already in use. Stop what is running there, or start on another port: PORT=8080 npm start`,
  );
  process.exit(1);
}

step('Building the site');
if ((await run('astro', ['build'], { env })) !== 0) process.exit(1);

step('Starting the local sign-in emulator (Firebase Auth)');
const stopEmulator = await startEmulator({ stateDir: '.data/auth' });

// Email goes to the local catcher unless SMTP_URL names a server: none leaves this machine.
let mail = null;
if (!process.env.SMTP_URL) {
  step('Starting the local mail catcher');
  try {
    mail = await startMailCatcher({ host: '127.0.0.1', smtpPort: 1025, webPort: 1080 });
    env.SMTP_URL = mail.smtpUrl;
  } catch (error) {
    console.warn(
      `⚠ The mail catcher could not start (${error.code ?? error.message}): is another one running on ports 1025 and 1080? The site sends its mail to smtp://127.0.0.1:1025 all the same.`,
    );
  }
}

step('Preparing the database');
if ((await run('tsx', ['scripts/seed.ts'], { env })) !== 0) {
  await stopEmulator();
  process.exit(1);
}

step(`Starting Quill Reads on http://${host}:${port}`);
const server = spawn(process.execPath, ['dist/server/main.mjs'], { stdio: 'inherit', env });

console.log(`
  Quill Reads is running at http://${host}:${port}  (Ctrl+C to stop)

  Demo accounts (local sign-in emulator only):
    administrator  admin@example.com   password: quillreads-admin
    parent         parent@example.com  password: quillreads-parent  (two children: Maya and Theo)
    reading guide  guide@example.com   password: quillreads-guide   (follows Maya and Arjun)

  Email the site sends: ${mail ? `${mail.webUrl}  (caught here; none leaves this machine)` : process.env.SMTP_URL ? `sent through ${process.env.SMTP_URL.replace(/\/\/[^@/]*@/, '//…@')}` : 'to smtp://127.0.0.1:1025'}
  Sign-in emulator:     http://127.0.0.1:9099

  Data lives in .data/ (delete it to start again from the demo content).
`);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  await Promise.all([stopEmulator(), mail?.stop()]);
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));
server.on('exit', (code) => void stop(code ?? 0));
