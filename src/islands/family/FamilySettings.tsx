import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { ChildDto } from '~/features/family/children.schema';
import { startAuth } from '~/features/family/family.store';
import { Waiting } from '~/islands/shared/Spinner';
import { useHydrated } from '~/islands/shared/useHydrated';
import { $userData } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';
import { ChildSettings } from './ChildSettings';
import { DeleteFamily } from './DeleteFamily';
import { EmailSettings } from './EmailSettings';
import { ExportData } from './ExportData';
import { ParentDetails } from './ParentDetails';
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
        <a className="btn btn-secondary" href={pagePath('/createProfile')}>
          Add a child
        </a>
      </section>
      <EmailSettings />
      <ExportData />
      <DeleteFamily childNames={children.map((c) => c.name)} />
    </div>
  );
}
