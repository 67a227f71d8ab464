import { useEffect, useState } from 'react';
import { adminApi } from '~/features/admin/admin.api';
import type { AdminCounts } from '~/features/admin/admin.schema';
import { ADMIN_SECTIONS, sectionOf } from '~/features/admin/nav';
import { ADMIN_COUNTS_CHANGED } from '~/islands/shared/admin/adminCounts';
import { call } from '~/platform/client/api';
import '~/islands/shared/admin/admin.css';

/** Counts are asked again when the tab comes back into view, and at most once a minute. */
const REFRESH_MS = 60_000;

/**
 * The admin console's own navigation, on every admin page: its sections, the current one marked,
 * and how many blog posts and inquiries wait for the team.
 */
export function AdminNav({ route }: { route: string }) {
  const [counts, setCounts] = useState<AdminCounts | null>(null);
  const current = sectionOf(route);

  useEffect(() => {
    let stopped = false;
    let last = 0;
    const load = async (force = false) => {
      if (!force && (document.visibilityState !== 'visible' || Date.now() - last < 5_000)) return;
      last = Date.now();
      try {
        const next = await call(adminApi.counts, {});
        if (!stopped) setCounts(next);
      } catch {
        // The counts are a convenience: the lists themselves say what waits.
      }
    };
    const changed = () => void load(true);
    const refresh = () => void load();
    void load(true);
    const timer = window.setInterval(refresh, REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener(ADMIN_COUNTS_CHANGED, changed);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener(ADMIN_COUNTS_CHANGED, changed);
    };
  }, []);

  return (
    <nav className="admin-nav" aria-label="Admin console">
      <ul>
        {ADMIN_SECTIONS.map((section) => {
          const n = section.count && counts ? counts[section.count] : 0;
          return (
            <li key={section.href}>
              <a href={section.href} aria-current={section === current ? 'page' : undefined}>
                {section.label}
                {n > 0 && (
                  <span className="admin-count">
                    {n}
                    <span className="sr-only">{section.count === 'blogsWaiting' ? ' waiting' : ' new'}</span>
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
