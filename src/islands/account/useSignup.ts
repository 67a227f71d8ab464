import { navigate } from 'astro:transitions/client';
import type { FormEvent } from 'react';
import { loginRegister } from '~/features/family/family.store';
import { issuesByField } from '~/islands/shared/Field';
import { useForm } from '~/islands/shared/useForm';
import { ApiClientError } from '~/platform/client/api';
import {
  authErrorMessage,
  checkEmail,
  firebaseErrorCode,
  MIN_PASSWORD_LENGTH,
} from '~/platform/identity/authErrors';
import { authModule, getFirebaseAuth } from '~/platform/identity/firebase.client';
import { pagePath } from '~/platform/routes';

/** What the registration call takes: the parent's name and their consent. */
interface Registration {
  displayName: string;
  acceptPrivacyPolicy: true;
}

/** The email and password typed, and whether the form asks for them (nobody is signed in yet). */
interface Credentials {
  email: string;
  password: string;
  needed: boolean;
}

/**
 * Makes the sign-in (unless the visitor is signed in already), then the family account with the
 * submission's idempotency key.
 */
async function register(registration: Registration, credentials: Credentials, idempotencyKey: string) {
  const [auth, firebase] = await Promise.all([getFirebaseAuth(), authModule()]);
  // The form shows before Firebase knows who is signed in; a quick submit waits for it here.
  await auth.authStateReady();
  let user = auth.currentUser;
  // On a retry after a lost answer, the first try's sign-in (this email) is the one to register:
  // making it again would only fail, as the address is taken.
  const email = credentials.email.trim();
  const signedInAsTyped = user?.email?.toLowerCase() === email.toLowerCase();
  if (!user || (credentials.needed && !signedInAsTyped)) {
    const credential = await firebase.createUserWithEmailAndPassword(auth, email, credentials.password);
    user = credential.user;
  }
  await loginRegister(user, registration, idempotencyKey);
}

/**
 * The sign-up form: checks it (the schema loads with the first submit), then registers the family
 * once however often it is pressed, with one idempotency key for every try. The API's refusals go
 * beside their fields, as do the identity service's; once registered, the form stays busy until
 * the next page shows.
 */
export function useSignup(needsCredentials: boolean) {
  const form = useForm({ displayName: '', email: '', password: '', consent: false }, 'signup');
  const { values, setErrors, submit } = form;

  /** The registration, once the schema has loaded and nothing needs fixing; null otherwise. */
  const checked = async (): Promise<Registration | null> => {
    let registrationSchema: typeof import('~/features/family/user.schema')['registrationSchema'];
    try {
      ({ registrationSchema } = await import('~/features/family/user.schema'));
    } catch {
      setErrors({
        form: 'The page could not load everything it needs. Check your connection and try again.',
      });
      return null;
    }
    const parsed = registrationSchema.safeParse({
      displayName: values.displayName,
      acceptPrivacyPolicy: values.consent,
    });
    const found: Record<string, string> = parsed.success ? {} : issuesByField(parsed.error.issues);
    if (needsCredentials) {
      const emailError = checkEmail(values.email);
      if (emailError) found.email = emailError;
      if (values.password.length < MIN_PASSWORD_LENGTH)
        found.password = `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
    }
    setErrors(found);
    return Object.keys(found).length > 0 || !parsed.success ? null : parsed.data;
  };

  const signUp = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    const registration = await checked();
    if (!registration) return;
    const credentials = { email: values.email, password: values.password, needed: needsCredentials };
    await submit(
      async (idempotencyKey) => {
        try {
          await register(registration, credentials, idempotencyKey);
        } catch (error) {
          if (error instanceof ApiClientError) throw error;
          const { field, message } = authErrorMessage(firebaseErrorCode(error));
          setErrors({ [field]: message });
          return;
        }
        await navigate(pagePath('/createProfile'), { history: 'replace' });
      },
      { fallback: '' },
    );
  };

  return { ...form, signUp };
}
