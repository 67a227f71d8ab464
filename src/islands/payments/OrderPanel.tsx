import type { ReactNode, RefObject } from 'react';
import { pagePath } from '~/platform/routes';

/** The order's state under its heading, which takes focus once the state is known. */
export function Panel({
  tone,
  title,
  headingRef,
  children,
}: {
  tone: 'paid' | 'pending' | 'failed';
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <section className="order-state" data-tone={tone} aria-labelledby="order-state-title">
      <h2 id="order-state-title" ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The way on from a settled page: one main step, and the profile beside it. */
export function NextStep({ href, children }: { href: string; children: ReactNode }) {
  return (
    <div className="plan-summary-actions">
      <a className="btn btn-primary" href={href}>
        {children}
      </a>
      <a className="btn btn-ghost" href={pagePath('/profile')}>
        Go to your profile
      </a>
    </div>
  );
}
