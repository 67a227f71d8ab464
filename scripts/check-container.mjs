// Keeps the Dockerfile honest where images cannot be built or pulled (decision 36): replays its
// runtime stage, step by step as written, in a clean folder: copies what it copies (the build's
// dist/ from `astro build`, the migrations, the package files), runs its RUN lines there (the
// production install), becomes an unprivileged user as its USER line says, starts its CMD with the
// settings a production deployment gives, and runs its HEALTHCHECK until the copy answers ready.
// Run by `npm test` after the build; `node scripts/check-container.mjs` on its own.
import { spawn } from 'node:child_process';
import { chmod, copyFile, cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { envOf, execOf, runtimeStage } from './dockerfile.mjs';
import { freePort, run } from './lib.mjs';

/** Who the USER line becomes here: the machine's `nobody` when run as root, else this user. */
function unprivileged() {
  const me = userInfo();
  return me.uid === 0
    ? { uid: 65534, gid: 65534, name: 'nobody' }
    : { uid: me.uid, gid: me.gid, name: me.username };
}

async function replay(steps, folder) {
  const env = { PATH: process.env.PATH, HOME: folder };
  const state = { env, user: null, healthcheck: null, cmd: null, port: null };
  const who = unprivileged();
  for (const { op, rest } of steps) {
    if (op === 'ENV') Object.assign(env, envOf(rest));
    else if (op === 'WORKDIR') {
      if (rest !== '/app') throw new Error(`WORKDIR ${rest}: the check expects /app`);
    } else if (op === 'COPY') await copyStep(rest, folder);
    else if (op === 'RUN') await runStep(rest, folder, who);
    else if (op === 'USER') state.user = who;
    else if (op === 'EXPOSE') state.port = Number(rest);
    else if (op === 'HEALTHCHECK') state.healthcheck = execOf(rest);
    else if (op === 'CMD') state.cmd = execOf(rest);
    else throw new Error(`the check does not know ${op}: teach scripts/check-container.mjs`);
  }
  return state;
}

/** COPY a b ./ from the context, or COPY --from=build /app/x ./x from this checkout's build. */
async function copyStep(rest, folder) {
  const parts = rest.split(/\s+/);
  const fromBuild = parts[0] === '--from=build';
  const sources = parts.slice(fromBuild ? 1 : 0, -1);
  const target = join(folder, parts.at(-1) ?? '.');
  for (const source of sources) {
    const from = fromBuild ? source.replace(/^\/app\//, '') : source;
    await cp(from, fromBuild ? target : join(target, from), { recursive: true });
  }
}

/**
 * A RUN line in the folder, /app being the folder and node:node the unprivileged user. The npm
 * cache is this machine's: `npm cache clean` is left out here (it would empty it), nothing else is.
 */
async function runStep(rest, folder, who) {
  const command = rest
    .replace(/\s*&&\s*npm cache clean --force/g, '')
    .replaceAll('/app', folder)
    .replaceAll('node:node', `${who.uid}:${who.gid}`);
  console.log(`  RUN ${command}`);
  const code = await run('sh', ['-c', command], { cwd: folder });
  if (code !== 0) throw new Error(`RUN failed (${code}): ${command}`);
}

/** What a production deployment sets (docs/deployment.md), with stand-ins nobody is called on. */
const PRODUCTION_SETTINGS = {
  FIREBASE_PROJECT_ID: 'quillreads-container-check',
  PUBLIC_FIREBASE_API_KEY: 'AIza-container-check',
  STRIPE_SECRET_KEY: 'sk_test_container_check',
  STRIPE_WEBHOOK_SECRET: 'whsec_container_check',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  ADMIN_EMAILS: 'team@example.com',
};

/**
 * The image's `node` (the base image's /usr/local/bin/node): this Node, copied where the
 * unprivileged user can run it (the project's own may sit in a folder only its owner enters).
 */
async function imageNode(folder) {
  const bin = join(folder, '.image-node', 'node');
  await mkdir(dirname(bin), { recursive: true });
  await copyFile(process.execPath, bin);
  await chmod(dirname(bin), 0o755);
  await chmod(bin, 0o755);
  return bin;
}

/** Starts the stage's CMD as its user; answers the port once its HEALTHCHECK passes. */
async function startAndCheck(state, folder) {
  const port = await freePort(state.port ?? 8080);
  const env = { ...state.env, ...PRODUCTION_SETTINGS, PORT: String(port), HOST: '127.0.0.1' };
  const node = await imageNode(folder);
  const asImage = (command) => (command === 'node' ? node : command);
  const [command = 'node', ...args] = state.cmd ?? [];
  const ids = state.user ? { uid: state.user.uid, gid: state.user.gid } : {};
  const server = spawn(asImage(command), args, { cwd: folder, env, stdio: 'inherit', ...ids });
  let spawnError;
  server.once('error', (error) => {
    spawnError = error;
  });
  try {
    const [check = 'node', ...checkArgs] = state.healthcheck ?? [];
    for (let i = 0; i < 120; i++) {
      if (spawnError) throw new Error(`the server could not start: ${spawnError.message}`);
      if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
      const code = await run(asImage(check), checkArgs, { env, stdio: 'ignore', ...ids });
      if (code === 0) return port;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the HEALTHCHECK never passed within 60 s');
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null || spawnError ? r() : server.once('exit', r)));
  }
}

const folder = await mkdtemp(join(tmpdir(), 'quillreads-container-'));
// The image's /app: readable by the unprivileged user, as the image's is.
await chmod(folder, 0o755);
try {
  const steps = runtimeStage(await readFile('Dockerfile', 'utf8'));
  console.log(`Replaying the Dockerfile's runtime stage (${steps.length} steps) in ${folder}`);
  const state = await replay(steps, folder);
  if (!state.user) throw new Error('the runtime stage never leaves root: it needs a USER line');
  const port = await startAndCheck(state, folder);
  console.log(
    `✔ The runtime stage installs, starts as ${state.user.name} (uid ${state.user.uid}) and answers ready on port ${port}.`,
  );
} catch (error) {
  console.error(
    `✖ The Dockerfile's runtime stage did not come up: ${error instanceof Error ? error.message : error}`,
  );
  process.exitCode = 1;
} finally {
  await rm(folder, { recursive: true, force: true });
}
