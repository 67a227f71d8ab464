import { ADMIN_SECTIONS } from '~/features/admin/nav';
import { ButtonLink, NoticePanel } from '~/islands/shared/NoticePanel';
import { ADMIN_HOME } from '~/platform/access';

/** For the team: the way into the admin console, with each of its sections one click away. */
export function ConsolePanel() {
  return (
    <NoticePanel
      id="profile-console"
      title="The team console"
      className="profile-console surface"
      actions={<ButtonLink href={ADMIN_HOME}>Open the console</ButtonLink>}
    >
      <p>
        You are signed in as part of the Quill Reads team. Posts to review, inquiries and every list wait
        there.
      </p>
      <ul className="profile-console-sections">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.href}>
            <a href={section.href}>{section.label}</a>
          </li>
        ))}
      </ul>
    </NoticePanel>
  );
}
