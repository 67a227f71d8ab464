import {
  type AdminInquiryRow,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUS_TONES,
} from '~/features/inquiries/admin.schema';
import { inquiriesApi } from '~/features/inquiries/inquiries.api';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import { ListSection } from '~/islands/shared/admin/ListSection';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { optionsOf } from '~/islands/shared/Field';
import { INQUIRY_STATUSES } from '~/platform/domain';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';
import './inquiries.css';

const STATUS_OPTIONS = optionsOf('Every status', INQUIRY_STATUSES, INQUIRY_STATUS_LABELS);

/** Messages from the contact form: newest first, by status, searchable, sortable, paged. */
export function InquiryList() {
  const list = useAdminList<AdminInquiryRow>(inquiriesApi.adminList, {
    sort: 'createdAt',
    dir: 'desc',
    filters: { status: '' },
  });
  return (
    <ListSection
      id="inquiries-heading"
      title="Messages"
      list={list}
      search={['Search messages', 'A name, an email, a word of the message']}
      filters={[{ label: 'Status', name: 'status', options: STATUS_OPTIONS }]}
    >
      <AdminTable
        list={list}
        caption={(page) => `Inquiries, page ${page}`}
        columns={[
          { label: 'Subject', sort: 'subject' },
          { label: 'From', sort: 'name' },
          { label: 'Email', sort: 'email' },
          { label: 'Received', sort: 'createdAt', desc: true },
          { label: 'Status', sort: 'status' },
        ]}
        rowKey={(inquiry) => inquiry.id}
        row={(inquiry) => (
          <>
            <td>
              <a href={pagePath('/admin/inquiries/{id}', inquiry.id)}>{inquiry.subject}</a>
              {inquiry.hasNote && <span className="hint"> · has a note</span>}
            </td>
            <td>{inquiry.name}</td>
            <td>{inquiry.email}</td>
            <td>
              <time dateTime={inquiry.createdAt}>{formatTime(inquiry.createdAt, 'dateTime')}</time>
            </td>
            <td>
              <span className="status-pill" data-tone={INQUIRY_STATUS_TONES[inquiry.status]}>
                {INQUIRY_STATUS_LABELS[inquiry.status]}
              </span>
            </td>
          </>
        )}
        empty={<p>No messages yet. What visitors send from the contact page arrives here as new.</p>}
        noMatch={<p>No messages match. Try other words or another status.</p>}
        pager="Pages of inquiries"
      />
    </ListSection>
  );
}
