import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ChildDto } from '~/features/family/children.schema';
import { familyApi } from '~/features/family/family.api';
import { parentUpdateSchema } from '~/features/family/family.schema';
import { refreshUserData, startAuth } from '~/features/family/family.store';
import { Field, FormAlert } from '~/islands/shared/Field';
import { errorMessage } from '~/islands/shared/loadState';
import { Waiting } from '~/islands/shared/Spinner';
import { apiErrors, useForm } from '~/islands/shared/useForm';
import { useHydrated } from '~/islands/shared/useHydrated';
import { call } from '~/platform/client/api';
import { authErrorMessage, firebaseErrorCode } from '~/platform/identity/authErrors';
import { emailConfirmed, sendEmailConfirmation } from '~/platform/identity/identity.client';
import { $userData, setActiveChild } from '~/platform/identity/session.store';
import { ChildForm } from './ChildForm';
import { DeleteFamily } from './DeleteFamily';
import { ExportData } from './ExportData';
import './FamilySettings.css';

/** Edit the parent and each child, remove a child, export the family's data, delete the account. */
export function FamilySettings() {
  const hydrated = useHydrated();
  const user = useStore($userData);
  useEffect(startAuth, []);

  if (!hydrated || !user) {
    return <Waiting>Loading your family…</Waiting>;
  }
  const children = (user.children ?? []) as ChildDto[];
  return (
    <div className="settings">
      <ParentDetails name={user.displayName ?? ''} email={user.email ?? ''} />
      <section className="surface settings-card" aria-labelledby="settings-children">
        <h2 id="settings-children">Your children</h2>
        {children.length === 0 ? (
          <p>No child profiles yet.</p>
        ) : (
          children.map((child) => <ChildSettings key={child._id} child={child} />)
        )}
        <a className="btn btn-secondary" href="/createProfile">
          Add a child
        </a>
      </section>
      <ExportData />
      <DeleteFamily childNames={children.map((c) => c.name)} />
    </div>
  );
}

function ParentDetails({ name, email }: { name: string; email: string }) {
  const { values, field, errors, setErrors, busy, setBusy, check } = useForm({ displayName: name }, 'parent');
  const [saved, setSaved] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved('');
    const data = check(parentUpdateSchema, values);
    if (!data) {
      document.getElementById('parent-name')?.focus();
      return;
    }
    setBusy(true);
    try {
      await call(familyApi.updateMe, { body: data });
      await refreshUserData().catch(() => {});
      setSaved('Your details are saved.');
    } catch (error) {
      setErrors(apiErrors(error, 'Something went wrong. Please try again.', (fields) => fields));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="surface settings-card" aria-labelledby="settings-you">
      <h2 id="settings-you">Your details</h2>
      <form onSubmit={submit} noValidate aria-label="Your details">
        <FormAlert message={errors.form} />
        <FormAlert message={saved} tone="success" />
        <Field {...field('displayName')} id="parent-name" label="Your name" autoComplete="name" />
        <p className="settings-note">
          Email: <strong>{email}</strong>. It is your sign-in; to change it, contact us from the{' '}
          <a href="/contact-us">contact page</a>.
        </p>
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          {busy ? 'Saving…' : 'Save your details'}
        </button>
      </form>
      <EmailConfirmation email={email} />
    </section>
  );
}

type Confirmation = 'checking' | 'confirmed' | 'unconfirmed' | 'sending' | 'sent' | 'unknown';

/** What a failed send says: the address of this site not allowed for links, or too many sends. */
function sendProblem(error: unknown): string {
  const code = firebaseErrorCode(error);
  if (code === 'auth/unauthorized-continue-uri' || code === 'auth/invalid-continue-uri')
    return 'The confirmation link could not be sent from this address of the site. Please tell us through the contact page.';
  if (code === 'auth/too-many-requests')
    return 'We have sent several links already. Please wait a few minutes, then ask again.';
  return authErrorMessage(code).message;
}

/**
 * Whether the identity service has confirmed the parent's email, and a link to confirm it: contact
 * messages are tied to an account by a confirmed address only (so nobody reads another's messages
 * by registering with their address). What happens is said in one live region that stays on the
 * page, and focus moves to it when the button the parent used goes away.
 */
function EmailConfirmation({ email }: { email: string }) {
  const [state, setState] = useState<Confirmation>('checking');
  const [problem, setProblem] = useState('');
  const [news, setNews] = useState('');
  const status = useRef<HTMLParagraphElement>(null);
  const moveFocus = useRef(false);

  const check = async () => {
    setProblem('');
    try {
      const confirmed = await emailConfirmed();
      setState(confirmed ? 'confirmed' : confirmed === false ? 'unconfirmed' : 'unknown');
      return confirmed;
    } catch {
      setState('unknown');
      return null;
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the section appears.
  useEffect(() => {
    void check();
  }, []);
  // After React has drawn the new state: focus follows the news when its button went away.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    status.current?.focus();
  });

  const send = async () => {
    if (state === 'sending') return;
    setProblem('');
    setState('sending');
    try {
      await sendEmailConfirmation(`${window.location.origin}/update-profile`);
      setState('sent');
      setNews(
        `We sent a link to ${email}. Open it, then come back here and choose “I have opened the link”.`,
      );
      moveFocus.current = true;
    } catch (error) {
      setState('unconfirmed');
      setProblem(sendProblem(error));
    }
  };

  const recheck = async () => {
    const confirmed = await check();
    if (confirmed) {
      setNews('Your email address is confirmed.');
      moveFocus.current = true;
    } else if (confirmed === false) {
      setState('sent');
      setProblem('Your address is not confirmed yet: open the link in the email, then try again.');
    }
  };

  return (
    <div className="settings-confirm-email">
      <FormAlert message={problem} />
      <p id="email-confirmation-status" ref={status} tabIndex={-1} className="settings-note" role="status">
        {state === 'confirmed' ? news || 'Your email address is confirmed.' : state === 'sent' ? news : ''}
      </p>
      {state === 'unknown' && (
        <p className="settings-note">
          We could not check whether your email address is confirmed.{' '}
          <button type="button" className="btn btn-ghost" onClick={() => void check()}>
            Check again
          </button>
        </p>
      )}
      {(state === 'unconfirmed' || state === 'sending') && (
        <>
          <p className="settings-note">
            Your email address is not confirmed yet. Confirm it so that the messages you send us through the
            contact form are part of your family’s data: in your export, and deleted with your account.
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            aria-disabled={state === 'sending'}
            onClick={() => void send()}
          >
            {state === 'sending' ? 'Sending…' : 'Send me a confirmation link'}
          </button>
        </>
      )}
      {state === 'sent' && (
        <div className="settings-confirm-actions">
          <button type="button" className="btn btn-secondary" onClick={() => void recheck()}>
            I have opened the link
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => void send()}>
            Send the link again
          </button>
        </div>
      )}
    </div>
  );
}

function ChildSettings({ child }: { child: ChildDto }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const cancelRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const remove = async () => {
    setBusy(true);
    setError('');
    try {
      await call(familyApi.deleteChild, { params: { id: child._id } });
      setActiveChild(0);
      await refreshUserData();
    } catch (e) {
      setBusy(false);
      setError(errorMessage(e, 'The profile could not be removed. Please try again.'));
    }
  };

  return (
    <details className="settings-child">
      <summary>
        <span className="settings-child-name">{child.name}</span>{' '}
        <span className="settings-hint">Edit or remove</span>
      </summary>
      <ChildForm child={child} />
      <div className="settings-danger">
        <h3>Remove {child.name}’s profile</h3>
        {error && (
          <p className="form-alert form-alert-error" role="alert">
            {error}
          </p>
        )}
        {confirming ? (
          <div className="settings-confirm">
            <p id={`remove-${child._id}`}>
              This deletes {child.name}’s profile with their reading log, read-aloud recordings, notifications
              and event registrations (their seats go back to other families). It cannot be undone.
            </p>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => void remove()}
              aria-disabled={busy}
            >
              {busy ? 'Removing…' : `Yes, remove ${child.name}`}
            </button>
            <button
              ref={cancelRef}
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setConfirming(false);
                setTimeout(() => removeRef.current?.focus(), 0);
              }}
            >
              Keep {child.name}’s profile
            </button>
          </div>
        ) : (
          <button
            ref={removeRef}
            type="button"
            className="btn btn-secondary"
            onClick={() => setConfirming(true)}
          >
            Remove {child.name}’s profile…
          </button>
        )}
      </div>
    </details>
  );
}
