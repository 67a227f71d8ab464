import {
  type AdminInquiryRow,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUS_TONES,
} from '~/features/inquiries/admin.schema';
import { FilterSelect, ListState, Pager, SearchBox, SortHeader } from '~/islands/shared/admin/ListControls';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { INQUIRY_STATUSES } from '~/platform/domain';
import { receivedAt } from './inquiryFormat';
import './inquiries.css';

/** Messages from the contact form: newest first, by status, searchable, sortable, paged. */
export function InquiryList() {
  const list = useAdminList<AdminInquiryRow>('/api/admin/inquiries', {
    q: '',
    sort: 'createdAt',
    dir: 'desc',
    page: 1,
    filters: { status: '' },
  });
  const { params, setParams, data } = list;
  const onSort = (sort: string, dir: 'asc' | 'desc') => setParams({ sort, dir });
  const filtered = Boolean(params.q || params.filters.status);
  return (
    <section aria-labelledby="inquiries-heading">
      <h2 id="inquiries-heading" className="sr-only">
        Messages
      </h2>
      <div className="admin-toolbar">
        <SearchBox
          id="inquiries-search"
          label="Search messages"
          value={params.q}
          placeholder="A name, an email, a word of the message"
          onChange={(q) => setParams({ q })}
        />
        <FilterSelect
          label="Status"
          name="status"
          options={[
            ['', 'Every status'],
            ...INQUIRY_STATUSES.map((s) => [s, INQUIRY_STATUS_LABELS[s]] as const),
          ]}
          params={params}
          setParams={setParams}
        />
      </div>
      <ListState
        loading={list.loading}
        error={list.error}
        empty={data?.items.length === 0}
        onRetry={list.reload}
        emptyText={
          filtered ? (
            <p>No messages match. Try other words or another status.</p>
          ) : (
            <p>No messages yet. What visitors send from the contact page arrives here as new.</p>
          )
        }
      >
        {data && (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="sr-only">Inquiries, page {data.page}</caption>
              <thead>
                <tr>
                  <SortHeader label="Subject" sortKey="subject" params={params} onSort={onSort} />
                  <SortHeader label="From" sortKey="name" params={params} onSort={onSort} />
                  <SortHeader label="Email" sortKey="email" params={params} onSort={onSort} />
                  <SortHeader
                    label="Received"
                    sortKey="createdAt"
                    params={params}
                    onSort={onSort}
                    defaultDir="desc"
                  />
                  <SortHeader label="Status" sortKey="status" params={params} onSort={onSort} />
                </tr>
              </thead>
              <tbody>
                {data.items.map((inquiry) => (
                  <tr key={inquiry.id}>
                    <td>
                      <a href={`/admin/inquiries/${inquiry.id}`}>{inquiry.subject}</a>
                      {inquiry.hasNote && <span className="hint"> · has a note</span>}
                    </td>
                    <td>{inquiry.name}</td>
                    <td>{inquiry.email}</td>
                    <td>
                      <time dateTime={inquiry.createdAt}>{receivedAt(inquiry.createdAt)}</time>
                    </td>
                    <td>
                      <span className="status-pill" data-tone={INQUIRY_STATUS_TONES[inquiry.status]}>
                        {INQUIRY_STATUS_LABELS[inquiry.status]}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
      {data && (
        <Pager
          label="Pages of inquiries"
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={(page) => setParams({ page })}
        />
      )}
    </section>
  );
}
