import { useId } from 'react';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { setActiveChild } from '~/platform/identity/session.store';
import './ChildSwitch.css';

interface SwitchChild {
  _id: string;
  name: string;
  readingLevel?: string | null | undefined;
}

/**
 * The one way to choose the active child (the navbar, notifications, reading and plan pages follow
 * it): a radio group of tiles, each with the child's level. `layout` lays the tiles in a column
 * (the account card) or side by side (above a plan).
 */
export function ChildSwitch({
  kids,
  active,
  legend,
  layout = 'column',
}: {
  kids: SwitchChild[];
  active: number;
  legend: string;
  layout?: 'column' | 'row';
}) {
  const name = useId();
  return (
    <fieldset className={`child-switch child-switch-${layout}`}>
      <legend>{legend}</legend>
      {kids.map((child, i) => (
        <label key={child._id} className="choice child-switch-option">
          <input
            type="radio"
            name={name}
            value={child._id}
            checked={i === active}
            onChange={() => setActiveChild(i)}
          />
          <span className="child-switch-name">{child.name}</span>
          {child.readingLevel && child.readingLevel in READING_LEVEL_LABELS && (
            <span className="child-switch-level">
              {READING_LEVEL_LABELS[child.readingLevel as keyof typeof READING_LEVEL_LABELS]}
            </span>
          )}
        </label>
      ))}
    </fieldset>
  );
}
