import { navigate } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect } from 'react';
import { retryAuth, startAuth } from '~/features/family/family.store';
import { ButtonLink, NoticePanel } from '~/islands/shared/NoticePanel';
import { Spinner } from '~/islands/shared/Spinner';
import { useHydrated } from '~/islands/shared/useHydrated';
import { type Access, guardDecision, loginPathFor, safeReturnPath } from '~/platform/access';
import { $authError, $authReady } from '~/platform/identity/authState.store';
import { $session } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';
import './RouteGuard.css';

export interface RouteGuardProps {
  /** Who may see the page: any signed-in account, or administrators only. */
  access: Access;
  children?: ReactNode;
}

/**
 * The one guard every protected page sits behind. Signed out, it sends the visitor to
 * /login with the page they wanted; with the wrong role it says so plainly. It is a
 * convenience for people: the API checks every request on its own.
 */
export function RouteGuard({ access, children }: RouteGuardProps) {
  const hydrated = useHydrated();
  const session = useStore($session);
  const authReady = useStore($authReady);
  const authError = useStore($authError);
  // The device's hint only paints the navbar; the guard waits for the identity service itself.
  const decision = hydrated && authReady ? guardDecision(session, access) : 'wait';

  useEffect(startAuth, []);

  useEffect(() => {
    if (decision !== 'sign-in' && decision !== 'register') return;
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    const next = safeReturnPath(here, '') || undefined;
    const target = decision === 'sign-in' ? loginPathFor(here) : pagePath('/signup', { query: { next } });
    void navigate(target, { history: 'replace' });
  }, [decision]);

  if (decision === 'allow') return <>{children}</>;
  if (hydrated && authReady && authError && decision === 'wait') return <CheckFailed message={authError} />;
  if (decision === 'forbidden') return <ForAdministrators />;
  return <GuardWait decision={decision} />;
}

/** The identity service could not say who is signed in: why, and a way to try again. */
function CheckFailed({ message }: { message: string }) {
  return (
    <NoticePanel
      id="guard-title"
      className="guard-panel"
      role="alert"
      title="We could not check your sign-in"
      actionsClass="guard-actions"
      actions={
        <button type="button" className="btn btn-primary" onClick={retryAuth}>
          Try again
        </button>
      }
    >
      <p>{message}</p>
    </NoticePanel>
  );
}

/** A family account on an administrators' page: nothing here for it, and the ways on. */
function ForAdministrators() {
  return (
    <NoticePanel
      id="guard-title"
      className="guard-panel"
      title="This page is for administrators"
      actionsClass="guard-actions"
      actions={
        <>
          <ButtonLink href={pagePath('/profile')}>Go to your family profile</ButtonLink>
          <ButtonLink href={pagePath('/contact')} variant="secondary">
            Contact the team
          </ButtonLink>
        </>
      }
    >
      <p>
        You are signed in with a family account. The tools on this page belong to the Quill Reads team, so
        there is nothing here for your account to see.
      </p>
    </NoticePanel>
  );
}

/** While the guard checks the sign-in, or sends the visitor on to sign in or to finish their account. */
function GuardWait({ decision }: { decision: 'sign-in' | 'register' | 'wait' }) {
  return (
    <div className="guard-wait" role="status">
      <Spinner label="" />
      <p>
        {decision === 'sign-in'
          ? 'Taking you to sign in…'
          : decision === 'register'
            ? 'Taking you to finish your family account…'
            : 'Checking your sign-in…'}
      </p>
    </div>
  );
}
