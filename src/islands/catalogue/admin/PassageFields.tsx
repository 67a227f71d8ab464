import {
  type AdminPassageDetail,
  PASSAGE_TEXT_MAX,
  type PassageInput,
} from '~/features/catalogue/catalogue.schema';
import { passageWordCount } from '~/features/readAloud/readAloud';
import { Field } from '~/islands/shared/Field';
import { READING_LEVEL_LABELS, READING_LEVELS } from '~/platform/domain';
import { SelectField, TextAreaField } from './formParts';

export interface PassageDraft extends Record<string, string> {
  title: string;
  level: string;
  text: string;
}

export const EMPTY_PASSAGE: PassageDraft = { title: '', level: '', text: '' };

export const draftOfPassage = (p: AdminPassageDetail): PassageDraft => ({
  title: p.title,
  level: p.level,
  text: p.text,
});

export const passagePayload = (d: PassageDraft): PassageInput => ({
  title: d.title,
  level: d.level as PassageInput['level'],
  text: d.text,
});

export const wordsText = (n: number) => (n === 1 ? '1 word' : `${n} words`);

const LEVEL_OPTIONS = [
  ['', 'Choose a level'],
  ...READING_LEVELS.map((level) => [level, READING_LEVEL_LABELS[level]] as const),
] as const;

/** A passage's fields, shared by the add form and the edit page; the word count follows the text. */
export function PassageFields({
  idPrefix,
  draft,
  set,
  errors,
}: {
  idPrefix: string;
  draft: PassageDraft;
  set: (field: keyof PassageDraft & string) => (value: string) => void;
  errors: Record<string, string>;
}) {
  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <>
      <div className="field-row">
        <Field
          id={id('title')}
          label="Title"
          value={draft.title}
          maxLength={200}
          required
          onChange={(e) => set('title')(e.target.value)}
          error={errors.title}
        />
        <SelectField
          id={id('level')}
          label="Reading level"
          value={draft.level}
          onValue={set('level')}
          options={LEVEL_OPTIONS}
          error={errors.level}
        />
      </div>
      <TextAreaField
        id={id('text')}
        label="Text"
        rows={9}
        value={draft.text}
        onValue={set('text')}
        maxLength={PASSAGE_TEXT_MAX}
        hint={
          <>
            <strong>{wordsText(passageWordCount(draft.text))}</strong> · counted the way the read-aloud page
            measures words per minute. Up to {PASSAGE_TEXT_MAX} characters; blank lines start a new paragraph.
          </>
        }
        error={errors.text}
      />
    </>
  );
}
