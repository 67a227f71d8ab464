import { useStore } from '@nanostores/react';
import { NAVBAR_NAME_FALLBACK } from '~/lib/childName';
import { $navbarLabel, $session } from '~/stores/session';
import { LoginIcon, UserIcon } from '../shared/icons';
import { useHydrated } from '../shared/useHydrated';

/**
 * Signed in: the active child's short name (or "Profile") linking to /profile.
 * Signed out: a login icon linking to /login. The server HTML is the signed-out
 * form; the device's sign-in hint is applied once the island has hydrated.
 */
export function ProfileLink() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const label = useStore($navbarLabel);

  if (hydrated && session.status === 'signed-in') {
    return (
      <a href="/profile" className="navbar-profile">
        <UserIcon />
        <span className="navbar-profile-name">{label}</span>
        {label !== NAVBAR_NAME_FALLBACK && <span className="sr-only">, family profile</span>}
      </a>
    );
  }
  return (
    <a href="/login" className="navbar-login" aria-label="Log in">
      <LoginIcon />
    </a>
  );
}
