import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ageText, postLink, statusWords } from '~/features/admin/users';
import { type AdminUserView, VIEW_LIST_LIMIT } from '~/features/admin/users.schema';
import type { AdminOrder } from '~/features/payments/admin.schema';
import { formatPrice } from '~/features/plans/plans';
import { enrolmentPagePath } from '~/features/program/adminEnrolments';
import { ClosedNote, OrderActions } from '~/islands/payments/admin/OrderActions';
import { headings, Table } from '~/islands/shared/admin/AdminTable';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { AccountPills, AccountStates } from './AccountStates';
import { useAdminUser } from './useAdminUser';
import './users.css';
import { ChildPrograms } from '~/islands/family/ChildPrograms';
import { formatTime } from '~/platform/time';

/** The view of one account: details, children, orders (refund or cancel them), blog posts and inquiries. */
export function ViewUser({ userId }: { userId: string }) {
  const { state, reload, replace, refresh } = useAdminUser(userId);
  const [message, setMessage] = useState({ text: '', serial: 0 });
  const messageRef = useRef<HTMLParagraphElement>(null);
  // The button that opened the dialog is gone: focus the sentence that says what happened. After
  // the commit, so the dialog's own focus return (to that vanished button) comes first.
  useEffect(() => {
    if (message.serial > 0) messageRef.current?.focus();
  }, [message]);
  if (state.status !== 'ready') return <AccountStates state={state} onRetry={reload} />;
  const view = state.record;
  const onOrderSettled = (order: AdminOrder, text: string) => {
    replace({ ...view, orders: view.orders.map((o) => (o.id === order.id ? order : o)) });
    setMessage((m) => ({ text, serial: m.serial + 1 }));
    // The children's programs change with a refund: bring them up to date too.
    void refresh();
  };
  return (
    <>
      <p
        ref={messageRef}
        tabIndex={-1}
        role="status"
        className={message.text ? 'account-message' : 'sr-only'}
      >
        {message.text}
      </p>
      <View view={view} onOrderSettled={onOrderSettled} />
    </>
  );
}

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

function View({
  view,
  onOrderSettled,
}: {
  view: AdminUserView;
  onOrderSettled: (order: AdminOrder, message: string) => void;
}) {
  const { user } = view;
  return (
    <div className="account-page">
      <header className="account-header">
        <h2>{user.displayName}</h2>
        <p className="account-email">{user.email}</p>
        <AccountPills role={user.role} disabled={user.disabled} />
        <p className="actions">
          <a className="btn btn-primary btn-small" href={`/admin/users/${user.id}`}>
            Manage this account
          </a>
          <a className="btn btn-ghost btn-small" href="/admin/users">
            All accounts
          </a>
        </p>
      </header>

      <section className="admin-panel" aria-labelledby="details-heading">
        <h2 id="details-heading">Details</h2>
        <dl className="admin-details">
          <dt>Name</dt>
          <dd>{user.displayName}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Role</dt>
          <dd>{user.role === 'admin' ? 'Administrator' : 'Parent'}</dd>
          <dt>Status</dt>
          <dd>{user.disabled ? 'Disabled: the account cannot be used' : 'Active'}</dd>
          <dt>Joined</dt>
          <dd>{formatTime(user.createdAt, 'dateTime')}</dd>
          <dt>Privacy policy accepted</dt>
          <dd>{formatTime(user.privacyConsentAt, 'dateTime')}</dd>
          <dt>Last changed</dt>
          <dd>{formatTime(user.updatedAt, 'dateTime')}</dd>
        </dl>
      </section>

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

      <Listing
        id="inquiries"
        title="Inquiries"
        total={view.totals.inquiries}
        empty={`No messages sent through the contact form from ${user.email}.`}
        items={view.inquiries}
        columns={[
          ['Subject', (inquiry) => <a href={`/admin/inquiries/${inquiry.id}`}>{inquiry.subject}</a>],
          ['Status', (inquiry) => <Status status={inquiry.status} />],
          ['Sent', (inquiry) => <When iso={inquiry.createdAt} />],
        ]}
      />
    </div>
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
