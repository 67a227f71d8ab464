import { catalogueApi } from '~/features/catalogue/catalogue.api';
import {
  type AdminPassageDetail,
  MAX_MODEL_AUDIO_BYTES,
  MODEL_AUDIO_TYPES,
} from '~/features/catalogue/catalogue.schema';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { MediaUpload } from './MediaUpload';
import { PASSAGES, wordsText } from './PassageFields';
import { DeleteRecord, DetailsForm, RecordPage } from './RecordForms';
import '~/islands/shared/admin/admin.css';
import './catalogue.css';

const attempts = (n: number) => (n === 1 ? '1 read-aloud attempt' : `${n} read-aloud attempts`);

/** /updateReadonance/{id}: a passage's title, level and text, its model reading, and deleting it. */
export function PassageEditor({ passageId }: { passageId: string }) {
  return (
    <RecordPage kind={PASSAGES} id={passageId}>
      {(passage, replace) => {
        const kept =
          passage.recordingCount === 0
            ? 'No child has practised with it yet.'
            : `${attempts(passage.recordingCount)} keep their times and recordings in each child’s history.`;
        return (
          <>
            <DetailsForm
              key={passage.id}
              kind={PASSAGES}
              record={passage}
              heading="Passage"
              savedText={(saved) => `Your changes were saved. The passage has ${wordsText(saved.wordCount)}.`}
              onSaved={replace}
            >
              <dl className="admin-details catalogue-facts">
                <dt>Saved word count</dt>
                <dd>{wordsText(passage.wordCount)}</dd>
                <dt>Level</dt>
                <dd>{READING_LEVEL_LABELS[passage.level]}</dd>
                <dt>Used for</dt>
                <dd>{passage.portfolio ? 'Voice portfolio' : 'Practice'}</dd>
                <dt>Attempts by children</dt>
                <dd>{passage.recordingCount}</dd>
              </dl>
            </DetailsForm>
            <ModelReading passage={passage} replace={replace} />
            <DeleteRecord
              kind={PASSAGES}
              record={passage}
              about={`Children will no longer see it on the read-aloud page. ${kept}`}
              warning={`The passage and its model reading are deleted for good. ${kept}`}
              deletedText={() => `“${passage.title}” was deleted.`}
            />
          </>
        );
      }}
    </RecordPage>
  );
}

/** The passage's model reading: listened to on the read-aloud page, uploaded or removed here. */
function ModelReading({
  passage,
  replace,
}: {
  passage: AdminPassageDetail;
  replace: (passage: AdminPassageDetail) => void;
}) {
  return (
    <MediaUpload
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
      upload={catalogueApi.adminUploadPassageAudio}
      remove={catalogueApi.adminDeletePassageAudio}
      recordId={passage.id}
      onSaved={(saved) => replace({ ...passage, audioUrl: saved.audioUrl, updatedAt: saved.updatedAt })}
    />
  );
}
