import { DEMO_ACCOUNTS } from '../../src/features/demo/demoAccounts';

const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/** An ID token for an emulator account, as the site's sign-in would get one, for calling the API. */
export async function idTokenFor(email: string, password: string): Promise<string> {
  const res = await fetch(
    `http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await res.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`emulator sign-in failed for ${email}: ${JSON.stringify(body)}`);
  return body.idToken;
}

export function demoToken(role: 'parent' | 'admin' | 'guide'): Promise<string> {
  const account = DEMO_ACCOUNTS[role];
  return idTokenFor(account.email, account.password);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
