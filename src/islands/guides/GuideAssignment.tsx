import { useEffect, useId, useState } from 'react';
import { guideAdminApi } from '~/features/guides/guideAdmin.api';
import type { AdminGuide } from '~/features/guides/guides.schema';
import { adminEnrolmentsApi } from '~/features/program/adminEnrolments.api';
import { FieldError } from '~/islands/shared/Field';
import { errorMessage } from '~/islands/shared/loadState';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { isUuid } from '~/platform/ids';
import { pagePath } from '~/platform/routes';
import '~/islands/shared/admin/admin.css';
import './guides.css';

type Current = { id: string; name: string } | null;

/** The guides and the child's guide now; null until both are known. */
function useAssignmentData(childId: string) {
  const [guides, setGuides] = useState<AdminGuide[] | null>(null);
  const [current, setCurrent] = useState<Current | undefined>(undefined);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!isUuid(childId)) return;
    const controller = new AbortController();
    Promise.all([
      call(guideAdminApi.list, { signal: controller.signal }),
      call(adminEnrolmentsApi.detail, { params: { id: childId }, signal: controller.signal }),
    ])
      .then(([list, detail]) => {
        setGuides(list.guides);
        setCurrent(detail.guide);
      })
      .catch(
        (err) => controller.signal.aborted || setError(errorMessage(err, 'The guides could not be loaded.')),
      );
    return () => controller.abort();
  }, [childId]);
  /** The child's new guide: the loads in the list follow (one less for the old guide, one more for the new). */
  const moved = (next: Current) => {
    const delta = (g: AdminGuide) => (g.id === next?.id ? 1 : 0) - (g.id === current?.id ? 1 : 0);
    setGuides((all) => all && all.map((g) => ({ ...g, load: g.load + delta(g) })));
    setCurrent(next);
  };
  return { guides, current, moved, error };
}

const optionText = (g: AdminGuide) =>
  `${g.name} (${g.load} of ${g.capacity}${g.load >= g.capacity ? ', full' : ''})${g.disabled ? ', disabled' : ''}`;

/** The guides to choose from, each with their load, and "No guide". */
function GuideSelect({
  id,
  guides,
  chosen,
  error,
  onChoose,
}: {
  id: string;
  guides: AdminGuide[];
  chosen: string;
  error: string | undefined;
  onChoose: (id: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Guide</label>
      <select
        className="select"
        id={id}
        value={chosen}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChoose(e.target.value)}
      >
        <option value="">No guide</option>
        {guides.map((g) => (
          <option key={g.id} value={g.id}>
            {optionText(g)}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The form: the guide now, the choice of guides, the save and what it did. */
function AssignmentForm({
  id,
  childId,
  guides,
  current,
  onSaved,
}: {
  id: string;
  childId: string;
  guides: AdminGuide[];
  current: Current;
  onSaved: (guide: Current) => void;
}) {
  const [choice, setChoice] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const { submit, pending, errors } = useSubmit();
  const chosen = choice ?? current?.id ?? '';
  const fieldError = errors.guideId ?? errors.form;
  const save = async (key: string) => {
    const body = { guideId: chosen || null };
    const { guide } = await call(guideAdminApi.assign, {
      params: { id: childId },
      body,
      idempotencyKey: key,
    });
    onSaved(guide);
    setChoice(null);
    setMessage(
      guide
        ? `${guide.name} now follows this child; the family has been told.`
        : 'This child has no reading guide now. Their marks and notes stay with the family.',
    );
  };
  return (
    <form
      className="guide-assign"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setMessage('');
        void submit(save, { fallback: 'The guide could not be saved. Try again.' });
      }}
    >
      <p>{current ? `Followed by ${current.name}.` : 'No reading guide yet.'}</p>
      <GuideSelect id={id} guides={guides} chosen={chosen} error={fieldError} onChoose={setChoice} />
      <button
        type="submit"
        className="btn btn-secondary btn-small"
        aria-disabled={pending !== null || chosen === (current?.id ?? '')}
      >
        {pending !== null ? 'Saving…' : 'Save the guide'}
      </button>
      <div role="status">{message && <p className="form-alert form-alert-success">{message}</p>}</div>
    </form>
  );
}

/**
 * Who follows the child as their reading guide, chosen by the team: a guide with room, another one,
 * or none. A guide who is full or disabled is offered but refused by the server with the reason.
 */
export function GuideAssignment({ childId }: { childId: string }) {
  const id = useId();
  const { guides, current, moved, error } = useAssignmentData(childId);
  if (!isUuid(childId) || error === 'That child does not exist.') return null;
  const ready = guides !== null && current !== undefined;
  return (
    <section className="admin-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Reading guide</h2>
      {error && <p className="form-alert form-alert-error">{error}</p>}
      {!error && !ready && (
        <p className="admin-loading" role="status">
          Loading the guides…
        </p>
      )}
      {ready && guides.length === 0 && (
        <p>
          There are no reading guides yet: <a href={pagePath('/admin/guides')}>see Reading guides</a>.
        </p>
      )}
      {ready && guides.length > 0 && (
        <AssignmentForm id={id} childId={childId} guides={guides} current={current} onSaved={moved} />
      )}
    </section>
  );
}
