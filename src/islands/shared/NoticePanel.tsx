import type { ReactNode } from 'react';

/** A link that looks like a button: the primary way on, or a secondary or quiet one beside it. */
export function ButtonLink({
  href,
  variant = 'primary',
  children,
}: {
  href: string;
  variant?: 'primary' | 'secondary' | 'ghost';
  children: ReactNode;
}) {
  return (
    <a className={`btn btn-${variant}`} href={href}>
      {children}
    </a>
  );
}

/**
 * A panel that stands in for a screen's content when there is nothing to do there: a heading that
 * names the section, what happened, and a row of ways on ("Back to my blog posts").
 */
export function NoticePanel({
  id,
  title,
  className,
  role,
  actionsClass = 'actions',
  actions,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  className: string;
  role?: 'alert';
  /** The class of the paragraph that holds the actions. */
  actionsClass?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id} role={role}>
      <h2 id={id}>{title}</h2>
      {children}
      {actions && <p className={actionsClass}>{actions}</p>}
    </section>
  );
}
