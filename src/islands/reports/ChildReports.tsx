import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { reportTitle } from '~/features/reports/reports';
import { reportsApi } from '~/features/reports/reports.api';
import type { ReportSummary } from '~/features/reports/reports.schema';
import { call } from '~/platform/client/api';
import { $authReady } from '~/platform/identity/authState.store';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';

/**
 * The child's progress reports on the profile's plan tab, newest first; nothing until there is one
 * (the first comes four weeks into a renewing program, or at a program's end).
 */
export function ChildReports({ childId, childName }: { childId: string; childName: string }) {
  const authReady = useStore($authReady);
  const [reports, setReports] = useState<ReportSummary[] | null>(null);
  useEffect(() => {
    if (!authReady) return;
    const controller = new AbortController();
    call(reportsApi.list, { params: { id: childId }, signal: controller.signal })
      .then(setReports)
      // The list is extra on this tab: without it, the plan still says it all.
      .catch(() => {});
    return () => controller.abort();
  }, [authReady, childId]);
  if (!reports || reports.length === 0) return null;
  return (
    <section className="surface report-list" aria-labelledby={`reports-${childId}`}>
      <h2 id={`reports-${childId}`}>{childName}’s reports</h2>
      <ul>
        {reports.map((r) => (
          <li key={r.id}>
            <a href={pagePath('/reports/{id}', r.id)}>{reportTitle(childName, r.kind)}</a>
            <span className="hint">
              {' '}
              · {r.programName}, until {formatTime(new Date(Date.parse(r.periodEnd) - 1), 'date')}
              {r.hasCertificate ? ' · with a certificate' : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
