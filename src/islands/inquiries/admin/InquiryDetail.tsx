import { type FormEvent, useRef, useState } from 'react';
import {
  type AdminInquiry,
  adminInquiryUpdateSchema,
  INQUIRY_NOTE_MAX,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUS_TONES,
  type InquiryStatus,
} from '~/features/inquiries/admin.schema';
import { inquiriesApi } from '~/features/inquiries/inquiries.api';
import { adminCountsChanged } from '~/islands/shared/admin/adminCounts';
import { LongTextField } from '~/islands/shared/admin/LongTextField';
import { recordOf, useRecord } from '~/islands/shared/admin/useRecord';
import { FormAlert, issuesByField, useFocusFirstInvalid } from '~/islands/shared/Field';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { INQUIRY_STATUSES } from '~/platform/domain';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';
import { InquiryReplies } from './InquiryReplies';
import './inquiries.css';

const STATUS_HINTS: Record<InquiryStatus, string> = {
  new: 'Nobody has taken it yet.',
  in_progress: 'Someone is on it.',
  answered: 'The visitor has had a reply (sending one from this page marks it answered).',
};

/**
 * One message from the contact form. Opening it changes nothing: a new message stays new (and
 * counted in the navigation) until someone on the team chooses to take it.
 */
export function InquiryDetail({ inquiryId }: { inquiryId: string }) {
  const { state, reload, replace } = useRecord(
    recordOf(inquiriesApi.adminGet, inquiryId),
    'The message could not be loaded.',
  );
  if (state.status === 'loading') {
    return (
      <p className="admin-loading" role="status">
        Loading the message…
      </p>
    );
  }
  if (state.status !== 'ready') {
    return (
      <div className="admin-state">
        {state.status === 'failed' ? (
          <div role="alert">
            <p>{state.message}</p>
            <button type="button" className="btn btn-secondary btn-small" onClick={reload}>
              Try again
            </button>
          </div>
        ) : (
          <>
            <h2>This message does not exist</h2>
            <p>It may have been removed, or the address is mistyped.</p>
          </>
        )}
        <p>
          <a href={pagePath('/admin/inquiries')}>Back to all inquiries</a>
        </p>
      </div>
    );
  }
  return <Inquiry inquiry={state.record} onSaved={replace} />;
}

/**
 * The team's handling of a message: its status and internal note, saved once however often it is
 * pressed (only what changed is sent). A failure is said above the button (`errors.form`) and beside
 * the field the API names; `notice` says it was saved, or that nothing had changed.
 */
function useHandling(inquiry: AdminInquiry, onSaved: (saved: AdminInquiry) => void) {
  const [status, setStatus] = useState<InquiryStatus>(inquiry.status);
  const [note, setNote] = useState(inquiry.internalNote);
  const [notice, setNotice] = useState<string>();
  const { submit, busy, errors, setErrors } = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, errors);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    const change = {
      ...(status !== inquiry.status ? { status } : {}),
      ...(note.trim() !== inquiry.internalNote ? { internalNote: note } : {}),
    };
    if (Object.keys(change).length === 0) {
      setErrors({});
      setNotice('Nothing to save: the status and the note are as they were.');
      return;
    }
    const parsed = adminInquiryUpdateSchema.safeParse(change);
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    await submit(
      async () => {
        const saved = await call(inquiriesApi.adminUpdate, { params: { id: inquiry.id }, body: parsed.data });
        onSaved(saved);
        setStatus(saved.status);
        setNote(saved.internalNote);
        if (change.status) adminCountsChanged();
        setNotice(`Saved. The message is ${INQUIRY_STATUS_LABELS[saved.status].toLowerCase()}.`);
      },
      { fallback: 'The change could not be saved. Please try again.', fieldOf: (fields) => fields },
    );
  };

  return { status, setStatus, note, setNote, notice, busy, errors, form, save };
}

function Inquiry({ inquiry, onSaved }: { inquiry: AdminInquiry; onSaved: (saved: AdminInquiry) => void }) {
  const handling = useHandling(inquiry, onSaved);
  return (
    <div className="inquiry">
      <p>
        <a href={pagePath('/admin/inquiries')}>← All inquiries</a>
      </p>
      <InquiryMessage inquiry={inquiry} />
      <InquiryReplies
        inquiry={inquiry}
        onSent={(next) => {
          onSaved(next);
          handling.setStatus(next.status);
        }}
      />
      <HandlingForm inquiry={inquiry} handling={handling} />
    </div>
  );
}

/** The message as the visitor sent it, who sent it and when, and its status. */
function InquiryMessage({ inquiry }: { inquiry: AdminInquiry }) {
  return (
    <article className="admin-panel" aria-labelledby="inquiry-subject">
      <h2 id="inquiry-subject">{inquiry.subject}</h2>
      <dl className="admin-details">
        <dt>From</dt>
        <dd>{inquiry.name}</dd>
        <dt>Email</dt>
        <dd>{inquiry.email}</dd>
        <dt>Received</dt>
        <dd>
          <time dateTime={inquiry.createdAt}>{formatTime(inquiry.createdAt, 'dateTime')}</time>
        </dd>
        <dt>Status</dt>
        <dd>
          <span className="status-pill" data-tone={INQUIRY_STATUS_TONES[inquiry.status]}>
            {INQUIRY_STATUS_LABELS[inquiry.status]}
          </span>
        </dd>
      </dl>
      <h3 className="inquiry-message-heading">Message</h3>
      {/* Text as the visitor typed it, line breaks kept; React escapes it, so markup shows as text. */}
      <div className="inquiry-message">{inquiry.message}</div>
    </article>
  );
}

/** The status chosen among three, the internal note, and the save button. */
function HandlingForm({
  inquiry,
  handling,
}: {
  inquiry: AdminInquiry;
  handling: ReturnType<typeof useHandling>;
}) {
  const { status, setStatus, note, setNote, notice, busy, errors, form, save } = handling;
  return (
    <form
      ref={form}
      className="admin-panel admin-form"
      aria-labelledby="inquiry-handling"
      noValidate
      onSubmit={save}
    >
      <h2 id="inquiry-handling">Handling</h2>
      <fieldset className="field">
        <legend>Status</legend>
        <div className="chips">
          {INQUIRY_STATUSES.map((value) => (
            <label key={value} className="chip">
              <input
                type="radio"
                name="inquiry-status"
                value={value}
                checked={status === value}
                onChange={() => setStatus(value)}
                aria-describedby={`inquiry-status-${value}-hint`}
              />
              {INQUIRY_STATUS_LABELS[value]}
              <span id={`inquiry-status-${value}-hint`} className="sr-only">
                {STATUS_HINTS[value]}
              </span>
            </label>
          ))}
        </div>
        {errors.status && <p className="error">{errors.status}</p>}
      </fieldset>
      <LongTextField
        id="inquiry-note"
        label="Internal note"
        hint="Only the team sees this: what was done, who is on it. It is never sent to the visitor."
        value={note}
        max={INQUIRY_NOTE_MAX}
        onValue={setNote}
        error={errors.internalNote}
        rows={6}
      />
      <FormAlert message={errors.form ?? notice} tone={notice && !errors.form ? 'success' : 'error'} />
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
      <p className="hint">Last changed {formatTime(inquiry.updatedAt, 'dateTime')}.</p>
    </form>
  );
}
