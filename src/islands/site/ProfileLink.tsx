import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { countFor } from '~/features/notifications/counts';
import { $notificationCounts } from '~/features/notifications/counts.store';
import { LoginIcon, UserIcon } from '~/islands/shared/icons';
import { useHydrated } from '~/islands/shared/useHydrated';
import { homeOf } from '~/platform/access';
import { $authReady } from '~/platform/identity/authState.store';
import { NAVBAR_NAME_FALLBACK } from '~/platform/identity/childName';
import { $navbarLabel, $session, $userData } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';

/**
 * Signed in: the active child's short name (or "Profile") linking to /profile, and for the team a
 * link into the admin console. Signed out: a login icon with its words, "Sign in", linking to
 * /login. The server HTML is the signed-out form; the device's sign-in hint is applied once the
 * island has hydrated.
 */
export function ProfileLink() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const label = useStore($navbarLabel);
  const user = useStore($userData);
  const counts = useStore($notificationCounts);
  const authReady = useStore($authReady);
  const signedIn = session.status === 'signed-in';
  const unread = user?.id ? countFor(counts, user.id) : 0;

  // Where the identity service runs (signed-in pages), keep the count current while the page is open.
  useEffect(() => {
    if (!authReady || !signedIn) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('~/features/notifications/poller.store').then(({ startNotificationPolling }) => {
      if (!cancelled) stop = startNotificationPolling();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [authReady, signedIn]);

  if (hydrated && signedIn) {
    return (
      <>
        {session.role !== 'parent' && (
          <a href={homeOf(session.role)} className="navbar-console">
            Console
            {session.role === 'guide' && <span className="sr-only"> for reading guides</span>}
          </a>
        )}
        <a href={pagePath('/profile')} className="navbar-profile">
          <UserIcon />
          <span className="navbar-profile-name">{label}</span>
          {label !== NAVBAR_NAME_FALLBACK && <span className="sr-only">, family profile</span>}
          {unread > 0 && (
            <span className="navbar-badge">
              <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
              <span className="sr-only">
                , {unread === 1 ? '1 unread notification' : `${unread} unread notifications`}
              </span>
            </span>
          )}
        </a>
      </>
    );
  }
  return (
    <a href={pagePath('/login')} className="navbar-login">
      <LoginIcon />
      <span className="navbar-login-text">Sign in</span>
    </a>
  );
}
