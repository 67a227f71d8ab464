#!/usr/bin/env node
// Entry point of `npm start` and `npm test` on a fresh clone. It must run on any Node 20+
// with no dependencies installed, so it uses only Node's standard library. It installs what
// is missing, then hands over to the project's own Node (the `node` devDependency, Node 24),
// which current Astro and Vitest need.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const task = process.argv[2];
const tasks = { start: 'scripts/start.mjs', test: 'scripts/test.mjs' };
if (!tasks[task]) {
  console.error(`Usage: node scripts/bootstrap.mjs <${Object.keys(tasks).join('|')}>`);
  process.exit(2);
}

const [major] = process.versions.node.split('.').map(Number);
if (major < 20) {
  console.error(`Quill Reads needs Node.js 20 or newer to set itself up; this is ${process.version}.`);
  process.exit(1);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const binDir = join(root, 'node_modules', '.bin');
const projectNode = join(binDir, process.platform === 'win32' ? 'node.cmd' : 'node');
const stampFile = join(root, 'node_modules', '.quillreads-install');

function lockHash() {
  const hash = createHash('sha256');
  for (const f of ['package.json', 'package-lock.json']) {
    if (existsSync(join(root, f))) hash.update(readFileSync(join(root, f)));
  }
  return hash.digest('hex');
}

function ensureDependencies() {
  const wanted = lockHash();
  const installed = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (installed === wanted && existsSync(projectNode)) return;
  // `npm install` keeps the versions in package-lock.json. (`npm ci` would be stricter, but some
  // npm 11 releases write lockfiles without other platforms' optional packages and then refuse them.)
  console.log('\n▶ Installing dependencies (npm install); this takes a minute the first time…\n');
  let result = npmInstall([]);
  if (result.status === 0 && !nativeToolsWork()) {
    // The lockfile was written where some platform builds (Biome, Astro's compiler) were not
    // published, so npm skipped this platform's. Resolving without the lockfile fetches them.
    console.log('\n▶ This platform’s native build tools are missing; resolving them afresh…\n');
    result = npmInstall(['--no-package-lock']);
    if (result.status === 0 && !nativeToolsWork()) {
      console.error(
        '\n✖ Biome or Astro’s compiler has no build for this platform. Please report your OS and CPU.',
      );
      process.exit(1);
    }
  }
  if (result.status !== 0) {
    console.error(
      '\n✖ Installing dependencies failed (see npm’s message above). Check your network and try again.',
    );
    process.exit(result.status ?? 1);
  }
  if (!existsSync(projectNode)) {
    console.error(
      '\n✖ The project’s Node.js runtime (npm package "node") did not install. Run `npm install` and try again.',
    );
    process.exit(1);
  }
  writeFileSync(stampFile, `${wanted}\n`);
}

function npmInstall(extra) {
  return spawnSync(npm, ['install', '--no-audit', '--no-fund', ...extra], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
}

/** True when the platform-specific binaries the build needs load on this machine. */
function nativeToolsWork() {
  if (!existsSync(projectNode)) return true; // reported separately below
  const probe = spawnSync(
    projectNode,
    [
      '--input-type=module',
      '-e',
      "await import('@astrojs/compiler-rs'); await import('@biomejs/biome/package.json', { with: { type: 'json' } });",
    ],
    { cwd: root, stdio: 'ignore', shell: process.platform === 'win32' },
  );
  const biome = spawnSync(join(binDir, 'biome'), ['--version'], {
    cwd: root,
    stdio: 'ignore',
    shell: process.platform === 'win32',
  });
  return probe.status === 0 && biome.status === 0;
}

ensureDependencies();

// Run the task on the project's Node, with the project's tools first on PATH, so every child
// process (astro, vitest, playwright) runs on it too.
const env = {
  ...process.env,
  PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}`,
  ASTRO_TELEMETRY_DISABLED: '1',
};
const child = spawn(projectNode, [join(root, tasks[task]), ...process.argv.slice(3)], {
  cwd: root,
  stdio: 'inherit',
  env,
  shell: process.platform === 'win32',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
