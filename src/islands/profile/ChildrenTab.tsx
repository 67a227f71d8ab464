import { ChildPrograms } from '~/islands/family/ChildPrograms';
import { FamilyOverview } from '~/islands/family/FamilyOverview';
import { ageBandLabel, readingLevelLabel } from '~/platform/domain';
import { pagePath } from '~/platform/routes';
import { minutesOf, type ProfileChild } from './profileChild';

/** The Children tab: a card for each child this week, then the family's overview. */
export function ChildrenTab({ kids }: { kids: ProfileChild[] }) {
  return (
    <>
      {kids.length > 0 && <h2 className="profile-section-title">Your children this week</h2>}
      {kids.length > 0 && (
        <ul className="profile-cards" aria-label="Your children">
          {kids.map((child) => (
            <ChildCard key={child._id} child={child} />
          ))}
        </ul>
      )}
      <FamilyOverview />
    </>
  );
}

/** One child's card: age, level, this week's reading, streak, programs and the reading log. */
function ChildCard({ child }: { child: ProfileChild }) {
  return (
    <li className="surface profile-card">
      <h3>{child.name}</h3>
      <dl>
        <div>
          <dt>Age</dt>
          <dd>
            {child.ageBand ? ageBandLabel(child.ageBand) : child.birthYear ? `Born ${child.birthYear}` : '—'}
          </dd>
        </div>
        <div>
          <dt>Level</dt>
          <dd>{readingLevelLabel(child.readingLevel)}</dd>
        </div>
        <div>
          <dt>This week</dt>
          <dd>{minutesOf(child.readingThisWeek)} min of reading</dd>
        </div>
        <div>
          <dt>Streak</dt>
          <dd>
            {child.streakDays
              ? `${child.streakDays} day${child.streakDays === 1 ? '' : 's'} in a row`
              : 'Not started yet'}
          </dd>
        </div>
        <div>
          <dt>Program</dt>
          <dd>
            <ChildPrograms
              programs={child}
              none={
                <>
                  None yet. <a href={pagePath('/programs')}>Choose a program</a>
                </>
              }
            />
          </dd>
        </div>
      </dl>
      <p className="profile-card-links">
        <a href={pagePath('/book-history/{id}', child._id)}>Reading log</a>
      </p>
    </li>
  );
}
