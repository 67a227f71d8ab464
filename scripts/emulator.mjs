// Starts and stops the Firebase Auth emulator (firebase-tools) for npm start and the test suites.
// A `demo-` project id needs no network and no credentials.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? 'demo-quillreads';

export async function emulatorIsUp(host = EMULATOR_HOST) {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the emulator unless one already answers; resolves with a stop function (a no-op
 * when the emulator was already running, so a developer's own emulator is left alone).
 */
export async function startEmulator({ quiet = true, stateDir, ownGroup = true } = {}) {
  if (await emulatorIsUp()) return async () => {};
  const bin = join(
    process.cwd(),
    'node_modules',
    '.bin',
    process.platform === 'win32' ? 'firebase.cmd' : 'firebase',
  );
  const args = ['emulators:start', '--only', 'auth', '--project', PROJECT_ID];
  // Keep sign-in accounts across restarts of npm start: export on exit, import on the next start.
  if (stateDir) {
    if (existsSync(join(stateDir, 'firebase-export-metadata.json'))) args.push('--import', stateDir);
    args.push('--export-on-exit', stateDir);
  }
  const child = spawn(bin, args, {
    stdio: quiet ? 'ignore' : 'inherit',
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', NO_UPDATE_NOTIFIER: '1' },
    // Its own process group, so stopping it also stops the processes it starts; the test server
    // keeps it in its group instead, so Playwright stopping the server stops the emulator too.
    detached: ownGroup && process.platform !== 'win32',
    shell: process.platform === 'win32',
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  for (let i = 0; i < 120; i++) {
    if (exited)
      throw new Error(
        'The Firebase Auth emulator stopped while starting (run `npx firebase emulators:start --only auth` to see why).',
      );
    if (await emulatorIsUp()) break;
    await new Promise((r) => setTimeout(r, 250));
    if (i === 119) throw new Error('The Firebase Auth emulator did not start within 30 seconds.');
  }
  return async () => {
    if (exited) return;
    const done = new Promise((r) => child.once('exit', r));
    try {
      // The emulator starts child processes of its own: stop the whole group.
      if (ownGroup && process.platform !== 'win32' && child.pid) process.kill(-child.pid, 'SIGINT');
      else child.kill('SIGINT');
    } catch {
      child.kill('SIGKILL');
    }
    // Exporting the accounts on exit takes a moment.
    await Promise.race([done, new Promise((r) => setTimeout(r, 15000))]);
  };
}

/** Creates an email/password account in the emulator; answers { uid, email, idToken }. */
export async function createEmulatorAccount(email, password, displayName) {
  const base = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
  const res = await fetch(`${base}/accounts:signUp?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`emulator signUp failed: ${JSON.stringify(body)}`);
  if (displayName) {
    await fetch(`${base}/accounts:update?key=demo-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: body.idToken, displayName, returnSecureToken: true }),
    });
  }
  return { uid: body.localId, email: body.email, idToken: body.idToken };
}

/**
 * Creates an account with a fixed uid unless it exists (the emulator's admin API), so the
 * demo accounts keep matching their rows in the database after the emulator restarts.
 */
export async function ensureEmulatorAccount({ uid, email, password, displayName }) {
  const base = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}`;
  const headers = { 'content-type': 'application/json', authorization: 'Bearer owner' };
  const lookup = await fetch(`${base}/accounts:lookup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ localId: [uid] }),
  });
  const found = await lookup.json();
  if (Array.isArray(found.users) && found.users.length > 0) return;
  const res = await fetch(`${base}/accounts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ localId: uid, email, password, displayName, emailVerified: true }),
  });
  if (!res.ok) throw new Error(`could not create ${email} in the emulator: ${await res.text()}`);
}

/** An account whose email the identity service has verified; answers { uid, email, idToken }. */
export async function createVerifiedEmulatorAccount(email, password) {
  const uid = `verified-${Math.random().toString(36).slice(2, 12)}`;
  await ensureEmulatorAccount({ uid, email, password, displayName: 'Verified Person' });
  const res = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = await res.json();
  if (!res.ok) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, email: body.email, idToken: body.idToken };
}

/**
 * Signs in with Google through the emulator's stand-in for Google (a fake, unsigned Google ID
 * token it accepts), as a browser popup would; answers { uid, email, idToken }.
 */
export async function signInWithGoogleAtEmulator(email, name = 'Google Parent') {
  const fakeGoogleToken = JSON.stringify({ sub: `google-${email}`, email, email_verified: true, name });
  const res = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        requestUri: 'http://localhost',
        postBody: `id_token=${encodeURIComponent(fakeGoogleToken)}&providerId=google.com`,
        returnSecureToken: true,
        returnIdpCredential: true,
      }),
    },
  );
  const body = await res.json();
  if (!res.ok) throw new Error(`emulator Google sign-in failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, email: body.email, idToken: body.idToken };
}

/**
 * Changes an account's email as Firebase's verify-and-change-email flow does (the emulator's link
 * followed at once), then signs in with the new address; answers { uid, email, idToken }, whose
 * token says the new address is verified.
 */
export async function changeEmailAtEmulator({ idToken, email, newEmail, password }) {
  const base = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
  const post = async (path, body) => {
    const res = await fetch(`${base}/${path}?key=demo-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    if (!res.ok) throw new Error(`emulator ${path} failed: ${JSON.stringify(answer)}`);
    return answer;
  };
  await post('accounts:sendOobCode', { requestType: 'VERIFY_AND_CHANGE_EMAIL', idToken, newEmail });
  const codes = await fetch(`http://${EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = await codes.json();
  const code = oobCodes
    .filter((c) => c.requestType === 'VERIFY_AND_CHANGE_EMAIL' && c.email === email.toLowerCase())
    .at(-1);
  if (!code) throw new Error(`the emulator sent no change-of-email code for ${email}`);
  await post('accounts:update', { oobCode: code.oobCode });
  const signedIn = await post('accounts:signInWithPassword', {
    email: newEmail,
    password,
    returnSecureToken: true,
  });
  return { uid: signedIn.localId, email: signedIn.email, idToken: signedIn.idToken };
}
