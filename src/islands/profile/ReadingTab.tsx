import { RecordingsList } from '~/islands/readAloud/RecordingsList';
import { pagePath } from '~/platform/routes';
import { minutesOf, type ProfileChild } from './profileChild';

/** The Reading tab: the active child's week, their reading log, read-aloud practice and recordings. */
export function ReadingTab({ child }: { child: ProfileChild | undefined }) {
  if (!child) {
    return (
      <p>
        Add a child to start logging their reading. <a href={pagePath('/createProfile')}>Add a child</a>
      </p>
    );
  }
  return (
    <div className="profile-reading">
      <h2>{child.name}’s reading</h2>
      <p>
        {child.name} read {minutesOf(child.readingThisWeek)} minutes this week
        {child.streakDays ? `, ${child.streakDays} day${child.streakDays === 1 ? '' : 's'} in a row` : ''}.
      </p>
      <ul className="profile-links">
        <li>
          <a className="btn btn-primary" href={pagePath('/book-history/{id}', child._id)}>
            Open {child.name}’s reading log
          </a>
        </li>
        <li>
          <a className="btn btn-secondary" href={pagePath('/readonance/oration')}>
            Read-aloud practice
          </a>
        </li>
      </ul>
      <RecordingsList childId={child._id} childName={child.name} />
    </div>
  );
}
