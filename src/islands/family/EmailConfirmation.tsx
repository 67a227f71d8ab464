import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '~/islands/shared/Field';
import { useSubmit } from '~/islands/shared/useSubmit';
import { authErrorMessage, firebaseErrorCode } from '~/platform/identity/authErrors';
import { emailConfirmed, sendEmailConfirmation } from '~/platform/identity/identity.client';
import { pagePath } from '~/platform/routes';

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
 * The sentence that says what happened (`status`), and `focusNews()` to move focus to it once React
 * has drawn the new state: the button the parent used may have gone.
 */
function useFocusOnNews() {
  const status = useRef<HTMLParagraphElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    status.current?.focus();
  });
  return {
    status,
    focusNews: () => {
      moveFocus.current = true;
    },
  };
}

/**
 * Whether the email is confirmed (asked once, when the section appears, and again on `check`), and
 * sending the link that confirms it. `state` is 'sending' while a link is on its way; `news` says
 * what happened, and focus moves to it (`status`) when the button the parent used goes away.
 */
function useEmailConfirmation(email: string) {
  const [checked, setChecked] = useState<Confirmation>('checking');
  const [problem, setProblem] = useState('');
  const [news, setNews] = useState('');
  const { status, focusNews } = useFocusOnNews();
  const { submit, busy } = useSubmit();

  const check = async () => {
    setProblem('');
    try {
      const confirmed = await emailConfirmed();
      setChecked(confirmed ? 'confirmed' : confirmed === false ? 'unconfirmed' : 'unknown');
      return confirmed;
    } catch {
      setChecked('unknown');
      return null;
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the section appears.
  useEffect(() => {
    void check();
  }, []);

  const send = async () => {
    setProblem('');
    await submit(
      async () => {
        try {
          await sendEmailConfirmation(`${window.location.origin}${pagePath('/update-profile')}`);
        } catch (error) {
          setChecked('unconfirmed');
          setProblem(sendProblem(error));
          return;
        }
        setChecked('sent');
        setNews(
          `We sent a link to ${email}. Open it, then come back here and choose “I have opened the link”.`,
        );
        focusNews();
      },
      { fallback: '' },
    );
  };

  const recheck = async () => {
    const confirmed = await check();
    if (confirmed) {
      setNews('Your email address is confirmed.');
      focusNews();
    } else if (confirmed === false) {
      setChecked('sent');
      setProblem('Your address is not confirmed yet: open the link in the email, then try again.');
    }
  };

  return { state: busy ? 'sending' : checked, problem, news, status, check, send, recheck };
}

/**
 * Whether the identity service has confirmed the parent's email, and a link to confirm it: contact
 * messages are tied to an account by a confirmed address only (so nobody reads another's messages
 * by registering with their address). What happens is said in one live region that stays on the
 * page, and focus moves to it when the button the parent used goes away.
 */
export function EmailConfirmation({ email }: { email: string }) {
  const { state, problem, news, status, check, send, recheck } = useEmailConfirmation(email);
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
