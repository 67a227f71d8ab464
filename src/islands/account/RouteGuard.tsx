import { navigate } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import { retryAuth, startAuth } from '~/features/family/family.store';
import { ButtonLink, NoticePanel } from '~/islands/shared/NoticePanel';
import { Spinner } from '~/islands/shared/Spinner';
import { useHydrated } from '~/islands/shared/useHydrated';
import {
  type Access,
  guardDecision,
  homeOf,
  loginPathFor,
  type Role,
  type Session,
  safeReturnPath,
} from '~/platform/access';
import { $authError, $authReady, $identityUid } from '~/platform/identity/authState.store';
import { $session } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';
import './RouteGuard.css';

export interface RouteGuardProps {
  /** Who may see the page: any signed-in account, administrators only, or reading guides only. */
  access: Access;
  /** The page, on pages for administrators or guides: drawn only once the guard lets the visitor in. */
  children?: ReactNode;
}

/**
 * The element beside the guard that holds a family page (ProtectedLayout.astro), hidden until the
 * guard lets the visitor in. Beside it rather than inside, so the page's islands load and draw at
 * once, hidden, instead of waiting for the guard to hydrate first (decision 35). Every signed-in
 * account may see those pages, and nobody signed in sends nothing (api.ts); pages for one role keep
 * their islands inside the guard, so another role's visit asks the API for nothing it would refuse.
 */
export const GUARDED_PAGE_ID = 'guarded-page';

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
  const identityUid = useStore($identityUid);
  const decision =
    hydrated && (authReady || hintHolds(session, identityUid)) ? guardDecision(session, access) : 'wait';

  useEffect(startAuth, []);

  // Shown before the browser paints, so the page and the guard's own panel never show together.
  useLayoutEffect(() => {
    const page = document.getElementById(GUARDED_PAGE_ID);
    if (page) page.hidden = decision !== 'allow';
  }, [decision]);

  useEffect(() => {
    if (decision !== 'sign-in' && decision !== 'register') return;
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    const next = safeReturnPath(here, '') || undefined;
    const target = decision === 'sign-in' ? loginPathFor(here) : pagePath('/signup', { query: { next } });
    void navigate(target, { history: 'replace' });
  }, [decision]);

  if (decision === 'allow') return <>{children}</>;
  if (hydrated && authReady && authError && decision === 'wait') return <CheckFailed message={authError} />;
  if (decision === 'forbidden')
    return <NotForYou access={access} role={session.status === 'signed-in' ? session.role : 'parent'} />;
  return <GuardWait decision={decision} />;
}

/**
 * Whether the page may open on the device's hint (signed in, with this role) before the account
 * check answers (decision 35): while the identity service has not looked yet, or once it restored
 * the same user. Its own answer still decides: nobody signed in sends the visitor to sign in (and
 * clears what the device kept), another role gets the plain "not for you" panel. The page shows
 * nothing the device does not already hold for this account, and the API checks every request.
 */
function hintHolds(session: Session, identityUid: string | null | undefined): boolean {
  if (session.status !== 'signed-in') return false;
  return identityUid === undefined || identityUid === session.uid;
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

const ROLE_WORDS = {
  parent: 'with a family account',
  admin: 'as an administrator',
  guide: 'as a reading guide',
} as const;

/** An account on a page for another role: nothing here for it, and the ways on. */
function NotForYou({ access, role }: { access: Access; role: Role }) {
  const home = role === 'parent' ? 'Go to your family profile' : 'Go to your console';
  const owners =
    access === 'guide' ? 'the reading guides, for the children assigned to them' : 'the Quill Reads team';
  return (
    <NoticePanel
      id="guard-title"
      className="guard-panel"
      title={access === 'guide' ? 'This page is for reading guides' : 'This page is for administrators'}
      actionsClass="guard-actions"
      actions={
        <>
          <ButtonLink href={homeOf(role)}>{home}</ButtonLink>
          <ButtonLink href={pagePath('/contact')} variant="secondary">
            Contact the team
          </ButtonLink>
        </>
      }
    >
      <p>
        You are signed in {ROLE_WORDS[role]}. The tools on this page belong to {owners}, so there is nothing
        here for your account to see.
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
