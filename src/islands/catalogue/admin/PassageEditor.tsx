import { navigate } from 'astro:transitions/client';
import { useState } from 'react';
import {
  type AdminPassage,
  type AdminPassageDetail,
  MAX_MODEL_AUDIO_BYTES,
  MODEL_AUDIO_TYPES,
  passagePatchSchema,
} from '~/features/catalogue/catalogue.schema';
import { adminFetch } from '~/islands/shared/admin/adminApi';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FormAlert } from '~/islands/shared/Field';
import { ApiClientError } from '~/platform/client/api';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { flash, useCatalogueForm } from './formParts';
import { MediaUpload } from './MediaUpload';
import { draftOfPassage, PassageFields, passagePayload, wordsText } from './PassageFields';
import { RecordStates } from './RecordStates';
import { useRecord } from './useRecord';
import '~/islands/shared/admin/admin.css';
import './catalogue.css';
import { isUuid } from '~/platform/ids';

const LIST = '/admin/allReadonance';
const attempts = (n: number) => (n === 1 ? '1 read-aloud attempt' : `${n} read-aloud attempts`);

function DetailsForm({
  passage,
  onSaved,
}: {
  passage: AdminPassageDetail;
  onSaved: (p: AdminPassageDetail) => void;
}) {
  const f = useCatalogueForm({
    initial: draftOfPassage(passage),
    schema: passagePatchSchema,
    toPayload: passagePayload,
    send: async (payload, form) => {
      const saved = await adminFetch<AdminPassageDetail>(`/api/admin/passages/${passage.id}`, {
        method: 'PATCH',
        body: payload,
      });
      form.setDraft(draftOfPassage(saved));
      onSaved(saved);
      return `Your changes were saved. The passage has ${wordsText(saved.wordCount)}.`;
    },
  });
  return (
    <section className="admin-panel" aria-labelledby="passage-details-heading">
      <h2 id="passage-details-heading">Passage</h2>
      <dl className="admin-details catalogue-facts">
        <dt>Saved word count</dt>
        <dd>{wordsText(passage.wordCount)}</dd>
        <dt>Level</dt>
        <dd>{READING_LEVEL_LABELS[passage.level]}</dd>
        <dt>Attempts by children</dt>
        <dd>{passage.recordingCount}</dd>
      </dl>
      <form ref={f.form} className="admin-form" noValidate onSubmit={f.submit}>
        <FormAlert message={f.alert} />
        <PassageFields idPrefix="passage" draft={f.draft} set={f.set} errors={f.errors} />
        <div className="catalogue-actions">
          <button type="submit" className="btn btn-primary" disabled={f.saving}>
            {f.saving ? 'Saving…' : 'Save changes'}
          </button>
        </div>
        <FormAlert tone="success" message={f.done} />
      </form>
    </section>
  );
}

function DeletePassage({ passage }: { passage: AdminPassageDetail }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const remove = async () => {
    setBusy(true);
    try {
      await adminFetch(`/api/admin/passages/${passage.id}`, { method: 'DELETE' });
      flash.leave(`“${passage.title}” was deleted.`);
      await navigate(LIST);
    } catch (e) {
      setBusy(false);
      setConfirming(false);
      setError(e instanceof ApiClientError ? e.message : 'The passage could not be deleted. Try again.');
    }
  };
  const kept =
    passage.recordingCount === 0
      ? 'No child has practised with it yet.'
      : `${attempts(passage.recordingCount)} keep their times and recordings in each child’s history.`;
  return (
    <section className="admin-panel catalogue-danger" aria-labelledby="delete-passage-heading">
      <h2 id="delete-passage-heading">Delete this passage</h2>
      <p>Children will no longer see it on the read-aloud page. {kept}</p>
      <FormAlert message={error} />
      <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
        Delete passage
      </button>
      {confirming && (
        <ConfirmDialog
          title={`Delete “${passage.title}”?`}
          confirmLabel="Delete passage"
          danger
          busy={busy}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        >
          <p>The passage and its model reading are deleted for good. {kept}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** /updateReadonance/{id}: a passage's title, level and text, its model reading, and deleting it. */
export function PassageEditor({ passageId }: { passageId: string }) {
  const { state, reload, replace } = useRecord<AdminPassageDetail>(
    isUuid(passageId) ? `/api/admin/passages/${passageId}` : null,
  );
  if (state.status !== 'ready') {
    return (
      <RecordStates
        state={state}
        what="passage"
        backHref={LIST}
        backLabel="Back to the passages"
        onRetry={reload}
      />
    );
  }
  const passage = state.record;
  return (
    <div className="catalogue">
      <p className="catalogue-back">
        <a href={LIST}>← All passages</a>
      </p>
      <h2 className="catalogue-record-title">{passage.title}</h2>
      <DetailsForm key={passage.id} passage={passage} onSaved={replace} />
      <MediaUpload<AdminPassage>
        heading="Model reading"
        intro={
          <p>
            An optional recording of the passage read aloud well. Families can listen to it on the read-aloud
            page before their child practises.
          </p>
        }
        what="model reading"
        types={Object.keys(MODEL_AUDIO_TYPES)}
        maxBytes={MAX_MODEL_AUDIO_BYTES}
        hint="An MP3, M4A, OGG, WebM or WAV audio file."
        current={passage.audioUrl}
        preview={(url) => (
          // biome-ignore lint/a11y/useMediaCaption: the passage text above is the transcript.
          <audio className="catalogue-audio" controls preload="metadata" src={url}>
            <a href={url}>Download the model reading</a>
          </audio>
        )}
        path={`/api/admin/passages/${passage.id}/audio`}
        onSaved={(saved) => replace({ ...passage, audioUrl: saved.audioUrl, updatedAt: saved.updatedAt })}
      />
      <DeletePassage passage={passage} />
    </div>
  );
}
