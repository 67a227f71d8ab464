import { catalogueApi } from '~/features/catalogue/catalogue.api';
import {
  type AdminPassage,
  type AdminPassageDetail,
  PASSAGE_TEXT_MAX,
  type PassageInput,
  passageInputSchema,
  passagePatchSchema,
} from '~/features/catalogue/catalogue.schema';
import { passageWordCount } from '~/features/readAloud/readAloud';
import { Field, optionsOf, SelectField, TextAreaField } from '~/islands/shared/Field';
import type { Answer } from '~/platform/client/api';
import { READING_LEVEL_LABELS, READING_LEVELS } from '~/platform/domain';
import { pagePath } from '~/platform/routes';
import type { FieldsProps, RecordKind } from './RecordForms';

export interface PassageDraft extends Record<string, string> {
  title: string;
  level: string;
  text: string;
  /** 'practice' or 'portfolio'. */
  use: string;
}

export const wordsText = (n: number) => (n === 1 ? '1 word' : `${n} words`);

const LEVEL_OPTIONS = optionsOf('Choose a level', READING_LEVELS, READING_LEVEL_LABELS);
const USE_OPTIONS = [
  ['practice', 'Practice: in the passage list and weekly plans'],
  ['portfolio', 'Voice portfolio: read every four weeks, never practised'],
] as const;

/** A passage's fields, shared by the add form and the edit page; the word count follows the text. */
function PassageFields({ field, draft }: FieldsProps<PassageDraft>) {
  return (
    <>
      <div className="field-row">
        <Field {...field('title')} label="Title" maxLength={200} required />
        <SelectField {...field('level')} label="Reading level" options={LEVEL_OPTIONS} />
      </div>
      <SelectField
        {...field('use')}
        label="Used for"
        options={USE_OPTIONS}
        hint="A portfolio passage is the one a child reads once every four weeks, so that the readings can be set side by side. Keep its text as it is once children have read it: a changed text makes the next reading unlike the earlier ones."
      />
      <TextAreaField
        {...field('text')}
        label="Text"
        rows={9}
        maxLength={PASSAGE_TEXT_MAX}
        hint={
          <>
            <strong>{wordsText(passageWordCount(draft.text))}</strong> · counted the way the read-aloud page
            measures words per minute. Up to {PASSAGE_TEXT_MAX} characters; blank lines start a new paragraph.
          </>
        }
      />
    </>
  );
}

/** The read-aloud passages, for the forms and pages that add, change and delete one. */
export const PASSAGES: RecordKind<
  PassageDraft,
  AdminPassageDetail,
  AdminPassage,
  Answer<typeof catalogueApi.adminDeletePassage>
> = {
  what: 'passage',
  api: {
    list: catalogueApi.adminListPassages,
    add: catalogueApi.adminCreatePassage,
    get: catalogueApi.adminGetPassage,
    update: catalogueApi.adminUpdatePassage,
    remove: catalogueApi.adminDeletePassage,
  },
  listHref: pagePath('/admin/allReadonance'),
  backLabel: 'Back to the passages',
  editHref: (id) => pagePath('/updateReadonance/{id}', id),
  empty: { title: '', level: '', text: '', use: 'practice' },
  draftOf: (p) => ({
    title: p.title,
    level: p.level,
    text: p.text,
    use: p.portfolio ? 'portfolio' : 'practice',
  }),
  toPayload: (d): PassageInput => ({
    title: d.title,
    level: d.level as PassageInput['level'],
    text: d.text,
    portfolio: d.use === 'portfolio',
  }),
  addSchema: passageInputSchema,
  patchSchema: passagePatchSchema,
  Fields: PassageFields,
};
