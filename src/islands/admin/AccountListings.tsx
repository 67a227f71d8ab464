import type { ReactNode } from 'react';
import { ageText, postLink, statusWords } from '~/features/admin/users';
import { type AdminUserView, VIEW_LIST_LIMIT } from '~/features/admin/users.schema';
import type { AdminOrder } from '~/features/payments/admin.schema';
import { formatPrice } from '~/features/plans/plans';
import { enrolmentPagePath } from '~/features/program/adminEnrolments';
import { ChildPrograms } from '~/islands/family/ChildPrograms';
import { ClosedNote, OrderActions } from '~/islands/payments/admin/OrderActions';
import { headings, Table } from '~/islands/shared/admin/AdminTable';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';

function Status({ status }: { status: string }) {
  const { label, tone } = statusWords(status);
  return (
    <span className="status-pill" data-tone={tone}>
      {label}
    </span>
  );
}

function When({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatTime(iso, 'shortDate')}</time> : <span className="hint">—</span>;
}

type Column<T> = readonly [heading: string, cell: (item: T) => ReactNode];

/** A titled table, or a sentence saying honestly why there is nothing to list. */
function Listing<T extends { id: string }>({
  id,
  title,
  total,
  empty,
  items,
  columns,
}: {
  id: string;
  title: string;
  total: number;
  empty: ReactNode;
  items: readonly T[];
  /** Each column's heading and cell; the first cell names the row. */
  columns: readonly [Column<T>, ...Column<T>[]];
}) {
  const [[, name], ...rest] = columns;
  return (
    <section className="admin-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        {title} <span className="account-count">({total})</span>
      </h2>
      {total === 0 ? (
        <p>{empty}</p>
      ) : (
        <>
          {total > VIEW_LIST_LIMIT && (
            <p className="hint">
              The newest {VIEW_LIST_LIMIT} of {total}.
            </p>
          )}
          <Table caption={title} className="account-table" head={headings(columns.map(([label]) => label))}>
            {items.map((item) => (
              <tr key={item.id}>
                <th scope="row">{name(item)}</th>
                {rest.map(([label, cell]) => (
                  <td key={label} data-label={label}>
                    {cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </Table>
        </>
      )}
    </section>
  );
}

/** The account's children: age, level, and their program with a link to its weekly plans. */
export function ChildrenListing({ view }: { view: AdminUserView }) {
  return (
    <Listing
      id="children"
      title="Children"
      total={view.children.length}
      empty="No child profiles on this account."
      items={view.children}
      columns={[
        ['Name', (child) => child.name],
        ['Age', ageText],
        ['Reading level', (child) => READING_LEVEL_LABELS[child.readingLevel]],
        [
          'Program',
          (child) => (
            <>
              <ChildPrograms programs={child} none={<span className="hint">No active program</span>} />
              {(child.subscription || child.queued.length > 0) && (
                <a className="account-child-plans" href={enrolmentPagePath(child.id)}>
                  Weekly plans and progress<span className="sr-only"> for {child.name}</span>
                </a>
              )}
            </>
          ),
        ],
      ]}
    />
  );
}

/** The account's orders, each with what the team can still do about it (refund, cancel). */
export function OrdersListing({
  view,
  onOrderSettled,
}: {
  view: AdminUserView;
  onOrderSettled: (order: AdminOrder, message: string) => void;
}) {
  return (
    <Listing
      id="orders"
      title="Orders"
      total={view.totals.orders}
      empty="No orders. Purchases of plans appear here once the family buys one."
      items={view.orders}
      columns={[
        ['Plan', (order) => order.planName],
        ['For', (order) => order.childName ?? <span className="hint">The family</span>],
        ['Amount', (order) => formatPrice(order.amountCents, undefined, order.currency.toUpperCase())],
        [
          'Status',
          (order) => (
            <>
              <Status status={order.status} />
              <ClosedNote order={order} />
            </>
          ),
        ],
        ['Date', (order) => <When iso={order.paidAt ?? order.createdAt} />],
        ['Actions', (order) => <OrderActions order={order} onDone={onOrderSettled} />],
      ]}
    />
  );
}

/** The blog posts written from the account, and where each can be read or reviewed. */
export function BlogsListing({ view }: { view: AdminUserView }) {
  return (
    <Listing
      id="blogs"
      title="Blog posts"
      total={view.totals.blogs}
      empty="No blog posts written from this account."
      items={view.blogs}
      columns={[
        ['Title', (post) => post.title || 'Untitled draft'],
        ['Status', (post) => <Status status={post.status} />],
        ['Started', (post) => <When iso={post.createdAt} />],
        ['Submitted', (post) => <When iso={post.submittedAt} />],
        ['Published', (post) => <When iso={post.publishedAt} />],
        ['Open', (post) => <PostLink post={post} />],
      ]}
    />
  );
}

/** The messages sent through the contact form from the account's address. */
export function InquiriesListing({ view }: { view: AdminUserView }) {
  return (
    <Listing
      id="inquiries"
      title="Inquiries"
      total={view.totals.inquiries}
      empty={`No messages sent through the contact form from ${view.user.email}.`}
      items={view.inquiries}
      columns={[
        [
          'Subject',
          (inquiry) => <a href={pagePath('/admin/inquiries/{id}', inquiry.id)}>{inquiry.subject}</a>,
        ],
        ['Status', (inquiry) => <Status status={inquiry.status} />],
        ['Sent', (inquiry) => <When iso={inquiry.createdAt} />],
      ]}
    />
  );
}

/** Where a post can be read or reviewed, or that it is still a draft. */
function PostLink({ post }: { post: AdminUserView['blogs'][number] }) {
  const link = postLink(post);
  return link ? (
    <a href={link.href}>
      {link.label}
      <span className="sr-only">: {post.title}</span>
    </a>
  ) : (
    <span className="hint">Still a draft</span>
  );
}
