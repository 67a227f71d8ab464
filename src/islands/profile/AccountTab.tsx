import { useStore } from '@nanostores/react';
import { $userData } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';

/** The Account tab: who is signed in, and where to change the account's details or posts. */
export function AccountTab() {
  const user = useStore($userData);
  return (
    <div className="profile-account">
      <h2>Your account</h2>
      <p>
        {user?.displayName} {user?.email ? `(${user.email})` : ''}
      </p>
      <ul className="profile-links">
        <li>
          <a className="btn btn-primary" href={pagePath('/update-profile')}>
            Edit details, children and privacy
          </a>
        </li>
        <li>
          <a className="btn btn-secondary" href={pagePath('/user/myblogs')}>
            Your blog posts
          </a>
        </li>
      </ul>
      <p className="settings-note">
        On the edit page you can also export your family’s data or delete your account. See our{' '}
        <a href={pagePath('/privacy-policy')}>privacy policy</a>.
      </p>
    </div>
  );
}
