import type { ReactNode } from 'react';
import { ListToolbar, type ToolbarProps } from './ListControls';

/**
 * An admin list's section: its heading (for screen readers only, or in a row with an action such
 * as "Create an account"), the toolbar of search and filters, and the list under them.
 */
export function ListSection({
  id,
  title,
  action,
  headClass,
  focusable,
  children,
  ...toolbar
}: ToolbarProps & {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  /** Beside a visible heading; without one, the heading is for screen readers only. */
  action?: ReactNode;
  /** The heading row's own class, beside `head-row`. */
  headClass?: string;
  /** The heading can take focus (tabIndex -1). */
  focusable?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      {action ? (
        <div className={`head-row ${headClass}`}>
          <h2 id={id} {...(focusable ? { tabIndex: -1 } : {})}>
            {title}
          </h2>
          {action}
        </div>
      ) : (
        <h2 id={id} className="sr-only">
          {title}
        </h2>
      )}
      <ListToolbar {...toolbar} />
      {children}
    </section>
  );
}
