import { adminApi } from '~/features/admin/admin.api';
import type { AuditEntry } from '~/features/admin/admin.schema';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import { ListSection } from '~/islands/shared/admin/ListSection';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { formatTime } from '~/platform/time';

const ENTITIES = [
  ['', 'Everything'],
  ['blog', 'Blog posts'],
  ['book', 'Books'],
  ['passage', 'Read-aloud passages'],
  ['plan', 'Plans'],
  ['event', 'Events'],
  ['podcast_episode', 'Podcast episodes'],
  ['inquiry', 'Inquiries'],
  ['user', 'Accounts'],
  ['order', 'Orders'],
  ['test_payment', 'Test payments'],
  ['job', 'Background jobs'],
  ['email', 'Email'],
] as const;

/** "title: Old → New" lines from an entry's details, in words an administrator reads at a glance. */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

/** The audit log: every change made in the admin console, newest first, searchable. */
export function AuditLog() {
  const list = useAdminList<AuditEntry>(adminApi.auditLog, {
    sort: 'createdAt',
    dir: 'desc',
    filters: { entity: '' },
  });
  return (
    <ListSection
      id="audit-heading"
      title="Changes"
      list={list}
      search={['Search the log', 'An action, an id, a word of the details']}
      filters={[{ label: 'What changed', name: 'entity', options: ENTITIES }]}
    >
      <AdminTable
        list={list}
        caption={(page) => `Audit log, page ${page}`}
        columns={[
          { label: 'When', sort: 'createdAt', desc: true },
          { label: 'Who' },
          { label: 'Action', sort: 'action' },
          { label: 'What', sort: 'entity' },
          { label: 'Details' },
        ]}
        rowKey={(entry) => entry.id}
        row={(entry) => (
          <>
            <td>
              <time dateTime={entry.createdAt}>{formatTime(entry.createdAt, 'dateTime')}</time>
            </td>
            <td>{entry.actorEmail ?? 'A removed account'}</td>
            <td>{entry.action}</td>
            <td>
              {entry.entity}
              {entry.entityId && <span className="hint"> {entry.entityId.slice(0, 8)}</span>}
            </td>
            <td>{detailsText(entry.details)}</td>
          </>
        )}
        empty={<p>No changes match. Every change the team makes in the console is recorded here.</p>}
        pager="Pages of the audit log"
      />
    </ListSection>
  );
}
