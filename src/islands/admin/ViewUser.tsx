import { useEffect, useRef, useState } from 'react';
import { type AdminUserView, ROLE_LABELS } from '~/features/admin/users.schema';
import type { AdminOrder } from '~/features/payments/admin.schema';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';
import { BlogsListing, ChildrenListing, InquiriesListing, OrdersListing } from './AccountListings';
import { AccountPills, AccountStates } from './AccountStates';
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
          <a className="btn btn-primary btn-small" href={pagePath('/admin/users/{id}', user.id)}>
            Manage this account
          </a>
          <a className="btn btn-ghost btn-small" href={pagePath('/admin/users')}>
            All accounts
          </a>
        </p>
      </header>
      <Details user={user} />
      <ChildrenListing view={view} />
      <OrdersListing view={view} onOrderSettled={onOrderSettled} />
      <BlogsListing view={view} />
      <InquiriesListing view={view} />
    </div>
  );
}

/** The account's own details: name, email, role, status and its dates. */
function Details({ user }: { user: AdminUserView['user'] }) {
  return (
    <section className="admin-panel" aria-labelledby="details-heading">
      <h2 id="details-heading">Details</h2>
      <dl className="admin-details">
        <dt>Name</dt>
        <dd>{user.displayName}</dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Role</dt>
        <dd>{ROLE_LABELS[user.role]}</dd>
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
  );
}
