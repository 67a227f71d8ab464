import { navigate } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import { signOutEverywhere } from '~/platform/identity/identity.client';
import { $index, $userData } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';
import { Waiting } from '../shared/Spinner';
import { useHydrated } from '../shared/useHydrated';
import { useSubmit } from '../shared/useSubmit';
import { ChildSwitch } from './ChildSwitch';
import './FamilyOverview.css';

/** The family at a glance: who is signed in, the children, and which child is active. */
export function FamilyOverview() {
  const user = useStore($userData);
  const index = useStore($index);
  const hydrated = useHydrated();
  const children = user?.children ?? [];
  const active = children[index] ? index : 0;

  // The server has no family data; render it only once hydrated, so both renders agree.
  if (!hydrated) {
    return <Waiting>Loading your family…</Waiting>;
  }

  return (
    <div className="family">
      <AccountCard name={user?.displayName} email={user?.email} />
      <section className="surface family-card" aria-labelledby="family-children">
        <h2 id="family-children">Your children</h2>
        {children.length === 0 ? (
          <>
            <p>Add your first child to start their reading plan. You can add brothers and sisters too.</p>
            <a className="btn btn-primary" href={pagePath('/createProfile')}>
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
            <a className="btn btn-secondary" href={pagePath('/createProfile')}>
              Add another child
            </a>
          </>
        )}
      </section>
    </div>
  );
}

/** Who is signed in, and signing out. */
function AccountCard({ name, email }: { name: string | undefined; email: string | undefined }) {
  const { submit, busy: signingOut } = useSubmit();
  // Home, signed out; home anyway if signing out failed (this device forgets the family either way).
  const signOut = () =>
    submit(
      async () => {
        await signOutEverywhere().catch(() => {});
        await navigate(pagePath('/'));
      },
      { fallback: '' },
    );
  return (
    <section className="surface family-card" aria-labelledby="family-account">
      <h2 id="family-account">Your account</h2>
      <p>
        Signed in as <strong>{name ?? 'you'}</strong>
        {email ? ` (${email})` : ''}.
      </p>
      <button type="button" className="btn btn-secondary" onClick={signOut} aria-disabled={signingOut}>
        {signingOut ? 'Signing out…' : 'Sign out'}
      </button>
    </section>
  );
}
