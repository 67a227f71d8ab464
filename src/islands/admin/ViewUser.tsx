import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ageText, postLink, statusWords } from '~/features/admin/users';
import { type AdminUserView, VIEW_LIST_LIMIT } from '~/features/admin/users.schema';
import type { AdminOrder } from '~/features/payments/admin.schema';
import { formatPrice } from '~/features/plans/plans';
import { ClosedNote, OrderActions } from '~/islands/payments/admin/OrderActions';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { AccountPills, AccountStates, dateText, dateTimeText } from './AccountStates';
import { useAdminUser } from './useAdminUser';
import './users.css';

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
  const view = state.view;
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
  return iso ? <time dateTime={iso}>{dateText(iso)}</time> : <span className="hint">—</span>;
}

/** A titled table, or a sentence saying honestly why there is nothing to list. */
function Listing({
  id,
  title,
  total,
  empty,
  head,
  children,
}: {
  id: string;
  title: string;
  total: number;
  empty: ReactNode;
  head: string[];
  children: ReactNode;
}) {
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
          <div className="admin-table-wrap">
            <table className="admin-table account-table">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  {head.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>{children}</tbody>
            </table>
          </div>
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
          <dd>{dateTimeText(user.createdAt)}</dd>
          <dt>Privacy policy accepted</dt>
          <dd>{dateTimeText(user.privacyConsentAt)}</dd>
          <dt>Last changed</dt>
          <dd>{dateTimeText(user.updatedAt)}</dd>
        </dl>
      </section>

      <Listing
        id="children"
        title="Children"
        total={view.children.length}
        empty="No child profiles on this account."
        head={['Name', 'Age', 'Reading level', 'Program']}
      >
        {view.children.map((child) => (
          <tr key={child.id}>
            <th scope="row">{child.name}</th>
            <td data-label="Age">{ageText(child)}</td>
            <td data-label="Reading level">{READING_LEVEL_LABELS[child.readingLevel]}</td>
            <td data-label="Program">
              {child.subscription ? (
                <>
                  {child.subscription.planName}, until <When iso={child.subscription.endsAt} />
                </>
              ) : (
                <span className="hint">No active program</span>
              )}
            </td>
          </tr>
        ))}
      </Listing>

      <Listing
        id="orders"
        title="Orders"
        total={view.totals.orders}
        empty="No orders. Purchases of plans appear here once the family buys one."
        head={['Plan', 'For', 'Amount', 'Status', 'Date', 'Actions']}
      >
        {view.orders.map((order) => (
          <tr key={order.id}>
            <th scope="row">{order.planName}</th>
            <td data-label="For">{order.childName ?? <span className="hint">The family</span>}</td>
            <td data-label="Amount">
              {formatPrice(order.amountCents, undefined, order.currency.toUpperCase())}
            </td>
            <td data-label="Status">
              <Status status={order.status} />
              <ClosedNote order={order} />
            </td>
            <td data-label="Date">
              <When iso={order.paidAt ?? order.createdAt} />
            </td>
            <td data-label="Actions">
              <OrderActions order={order} onDone={onOrderSettled} />
            </td>
          </tr>
        ))}
      </Listing>

      <Listing
        id="blogs"
        title="Blog posts"
        total={view.totals.blogs}
        empty="No blog posts written from this account."
        head={['Title', 'Status', 'Started', 'Submitted', 'Published', 'Open']}
      >
        {view.blogs.map((post) => {
          const link = postLink(post);
          return (
            <tr key={post.id}>
              <th scope="row">{post.title || 'Untitled draft'}</th>
              <td data-label="Status">
                <Status status={post.status} />
              </td>
              <td data-label="Started">
                <When iso={post.createdAt} />
              </td>
              <td data-label="Submitted">
                <When iso={post.submittedAt} />
              </td>
              <td data-label="Published">
                <When iso={post.publishedAt} />
              </td>
              <td data-label="Open">
                {link ? (
                  <a href={link.href}>
                    {link.label}
                    <span className="sr-only">: {post.title}</span>
                  </a>
                ) : (
                  <span className="hint">Still a draft</span>
                )}
              </td>
            </tr>
          );
        })}
      </Listing>

      <Listing
        id="inquiries"
        title="Inquiries"
        total={view.totals.inquiries}
        empty={`No messages sent through the contact form from ${user.email}.`}
        head={['Subject', 'Status', 'Sent']}
      >
        {view.inquiries.map((inquiry) => (
          <tr key={inquiry.id}>
            <th scope="row">
              <a href={`/admin/inquiries/${inquiry.id}`}>{inquiry.subject}</a>
            </th>
            <td data-label="Status">
              <Status status={inquiry.status} />
            </td>
            <td data-label="Sent">
              <When iso={inquiry.createdAt} />
            </td>
          </tr>
        ))}
      </Listing>
    </div>
  );
}
