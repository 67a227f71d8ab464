import { type FormEvent, useRef, useState } from 'react';
import {
  type AdminInquiry,
  adminInquiryReplyInputSchema,
  INQUIRY_REPLY_MAX,
  type InquiryReply,
} from '~/features/inquiries/admin.schema';
import { inquiriesApi } from '~/features/inquiries/inquiries.api';
import { adminCountsChanged } from '~/islands/shared/admin/adminCounts';
import { LongTextField } from '~/islands/shared/admin/LongTextField';
import { FormAlert, issuesByField, useFocusFirstInvalid } from '~/islands/shared/Field';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { formatTime } from '~/platform/time';

/** Where a reply's email is, in words, and the tone of its pill. */
const DELIVERY: Record<InquiryReply['delivery'], [string, 'info' | 'good' | 'bad']> = {
  queued: ['Waiting to be sent', 'info'],
  sending: ['Being sent', 'info'],
  sent: ['Sent', 'good'],
  failed: ['Not delivered: see the jobs page', 'bad'],
};

/**
 * The team's replies to the message, and the form that sends one by email to the visitor's
 * address. A reply is sent once however often the button is pressed, and kept here.
 */
export function InquiryReplies({
  inquiry,
  onSent,
}: {
  inquiry: AdminInquiry;
  onSent: (next: AdminInquiry) => void;
}) {
  const [message, setMessage] = useState('');
  const [notice, setNotice] = useState<string>();
  const { submit, busy, errors, setErrors } = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, errors);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    const parsed = adminInquiryReplyInputSchema.safeParse({ message });
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    const sent = await submit(
      async () => {
        const next = await call(inquiriesApi.adminReply, { params: { id: inquiry.id }, body: parsed.data });
        onSent(next);
        adminCountsChanged();
      },
      { fallback: 'The reply could not be sent. Please try again.', fieldOf: (fields) => fields },
    );
    if (sent) {
      setMessage('');
      setNotice(`Your reply is on its way to ${inquiry.email}. The message is marked answered.`);
    }
  };

  return (
    <section className="admin-panel" aria-labelledby="inquiry-replies">
      <h2 id="inquiry-replies">Replies</h2>
      {inquiry.replies.length === 0 ? (
        <p className="hint">No reply yet. A reply goes to {inquiry.email} by email and is kept here.</p>
      ) : (
        <ol className="inquiry-replies">
          {inquiry.replies.map((reply) => (
            <ReplyItem key={reply.id} reply={reply} />
          ))}
        </ol>
      )}
      <form ref={form} className="admin-form" aria-label="Reply by email" noValidate onSubmit={send}>
        <LongTextField
          id="inquiry-reply-message"
          label={`Your reply to ${inquiry.name}`}
          hint={`Sent by email to ${inquiry.email}, with “Re: ${inquiry.subject}” and their message quoted below it.`}
          value={message}
          max={INQUIRY_REPLY_MAX}
          onValue={setMessage}
          error={errors.message}
          rows={8}
        />
        <FormAlert message={errors.form ?? notice} tone={notice && !errors.form ? 'success' : 'error'} />
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send the reply'}
          </button>
        </div>
      </form>
    </section>
  );
}

function ReplyItem({ reply }: { reply: InquiryReply }) {
  const [label, tone] = DELIVERY[reply.delivery];
  return (
    <li className="inquiry-reply-item">
      <p className="hint">
        {reply.authorName ?? 'A former team member'},{' '}
        <time dateTime={reply.createdAt}>{formatTime(reply.createdAt, 'dateTime')}</time> ·{' '}
        <span className="status-pill" data-tone={tone}>
          {label}
        </span>
      </p>
      <div className="inquiry-message">{reply.message}</div>
    </li>
  );
}
