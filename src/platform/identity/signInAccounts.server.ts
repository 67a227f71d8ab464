import { randomBytes } from 'node:crypto';
import { DomainError, emailInUse } from '~/platform/errors';

/**
 * The sign-in service's refusals, as the API answers them: this adapter maps them once, so no
 * caller has to (decision 17).
 */
const refusals = {
  emailExists: () => emailInUse(),
  invalidEmail: () =>
    new DomainError('validation_failed', 'The sign-in service refused this address.', {
      email: 'Enter a full email address, like name@example.com.',
    }),
  unavailable: () =>
    new DomainError(
      'unavailable',
      'The sign-in service could not be reached. Nothing was changed; please try again in a moment.',
      undefined,
      { 'Retry-After': '30' },
    ),
};

/** Accounts the team makes for other people in the sign-in service. */
export interface SignInAccounts {
  /**
   * Creates an email/password account with a random password nobody ever sees: the person
   * chooses their own from the emailed link. Answers its uid and an ID token for it (used only
   * to remove it again if the database refuses the account).
   */
  create(input: { email: string; displayName: string }): Promise<{ uid: string; idToken: string }>;
  /** Emails the person a link to set (or reset) their password. */
  sendPasswordLink(email: string): Promise<void>;
}

/**
 * The Identity Toolkit REST API with the project's public web API key: no admin credentials
 * needed, the same calls the browser SDK makes. The Auth emulator locally.
 */
export function createSignInAccounts(options: {
  apiKey: string;
  emulatorHost?: string | undefined;
}): SignInAccounts {
  const base = options.emulatorHost
    ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';

  async function post(action: string, body: unknown): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(`${base}/v1/accounts:${action}?key=${encodeURIComponent(options.apiKey)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw refusals.unavailable();
    }
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown> & {
      error?: { message?: string };
    };
    if (res.ok) return answer;
    // Messages look like "EMAIL_EXISTS" or "WEAK_PASSWORD : Password should be...".
    const reason = String(answer.error?.message ?? res.status).split(' ')[0];
    if (reason === 'EMAIL_EXISTS') throw refusals.emailExists();
    if (reason === 'INVALID_EMAIL') throw refusals.invalidEmail();
    if (res.status >= 500) throw refusals.unavailable();
    throw new Error(`the sign-in service refused accounts:${action}: ${reason}`);
  }

  return {
    async create({ email, displayName }) {
      const answer = await post('signUp', {
        email,
        // 48 random characters: strong, and thrown away at once.
        password: randomBytes(36).toString('base64url'),
        displayName,
        returnSecureToken: true,
      });
      if (typeof answer.localId !== 'string' || typeof answer.idToken !== 'string') {
        throw new Error('the sign-in service answered signUp without an account');
      }
      return { uid: answer.localId, idToken: answer.idToken };
    },
    async sendPasswordLink(email) {
      await post('sendOobCode', { requestType: 'PASSWORD_RESET', email });
    },
  };
}
