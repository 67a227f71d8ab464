import { navigate } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { signOutEverywhere } from '~/platform/identity/identity.client';
import { $index, $userData } from '~/platform/identity/session.store';
import { Waiting } from '../shared/Spinner';
import { useHydrated } from '../shared/useHydrated';
import { ChildSwitch } from './ChildSwitch';
import './FamilyOverview.css';

/** The family at a glance: who is signed in, the children, and which child is active. */
export function FamilyOverview() {
  const user = useStore($userData);
  const index = useStore($index);
  const [signingOut, setSigningOut] = useState(false);
  const hydrated = useHydrated();
  const children = user?.children ?? [];
  const active = children[index] ? index : 0;

  // The server has no family data; render it only once hydrated, so both renders agree.
  if (!hydrated) {
    return <Waiting>Loading your family…</Waiting>;
  }

  const signOut = async () => {
    setSigningOut(true);
    await signOutEverywhere().catch(() => setSigningOut(false));
    void navigate('/');
  };

  return (
    <div className="family">
      <section className="surface family-card" aria-labelledby="family-account">
        <h2 id="family-account">Your account</h2>
        <p>
          Signed in as <strong>{user?.displayName ?? 'you'}</strong>
          {user?.email ? ` (${user.email})` : ''}.
        </p>
        <button type="button" className="btn btn-secondary" onClick={signOut} aria-disabled={signingOut}>
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </section>

      <section className="surface family-card" aria-labelledby="family-children">
        <h2 id="family-children">Your children</h2>
        {children.length === 0 ? (
          <>
            <p>Add your first child to start their reading plan. You can add brothers and sisters too.</p>
            <a className="btn btn-primary" href="/createProfile">
              Add your first child
            </a>
          </>
        ) : (
          <>
            <ChildSwitch
              kids={children}
              active={active}
              legend="Active child: the menu, notifications and reading pages follow this child."
            />
            <a className="btn btn-secondary" href="/createProfile">
              Add another child
            </a>
          </>
        )}
      </section>
    </div>
  );
}
