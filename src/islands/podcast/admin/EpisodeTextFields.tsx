import { EPISODE_LIMITS } from '~/features/podcast/admin.schema';
import { LongTextField } from '~/islands/shared/admin/LongTextField';
import { CheckboxField, Field } from '~/islands/shared/Field';
import type { Errors } from '~/islands/shared/useSubmit';
import type { EpisodeForm } from './episodeForm';

interface Props {
  form: EpisodeForm;
  set: (change: Partial<EpisodeForm>) => void;
  errors: Errors;
}

/** The episode's words: its title, summary, number and whether it is explicit. */
export function EpisodeWordsFields({ form, set, errors }: Props) {
  return (
    <section className="admin-panel" aria-labelledby="episode-words-heading">
      <h3 id="episode-words-heading">The episode</h3>
      <Field
        id="episode-title"
        label="Title"
        value={form.title}
        maxLength={EPISODE_LIMITS.title + 20}
        error={errors.title}
        onChange={(e) => set({ title: e.target.value })}
      />
      <EpisodeText
        name="description"
        label="Summary"
        hint="One or two sentences: shown under the title on the podcast page and in podcast apps."
        rows={3}
        form={form}
        set={set}
        errors={errors}
      />
      <div className="field-pair">
        <Field
          id="episode-episodeNumber"
          label="Episode number (optional)"
          inputMode="numeric"
          value={form.episodeNumber}
          error={errors.episodeNumber}
          onChange={(e) => set({ episodeNumber: e.target.value })}
        />
        <CheckboxField
          id="episode-explicit"
          className="episode-explicit"
          label="Explicit content (podcast apps label it for parents)"
          checked={form.explicit}
          onChecked={(explicit) => set({ explicit })}
        />
      </div>
    </section>
  );
}

/** The episode's show notes and transcript. */
export function EpisodeNotesFields(props: Props) {
  return (
    <section className="admin-panel" aria-labelledby="episode-notes-heading">
      <h3 id="episode-notes-heading">Show notes and transcript</h3>
      <EpisodeText
        name="showNotes"
        label="Show notes"
        hint="Plain text; leave a blank line between paragraphs."
        {...props}
      />
      <EpisodeText
        name="transcript"
        label="Transcript"
        hint="Every word spoken, for listeners who read rather than hear. Blank lines separate paragraphs."
        rows={8}
        {...props}
      />
    </section>
  );
}

/** A long text of the episode, with its character count. */
function EpisodeText({
  name,
  label,
  hint,
  rows = 5,
  form,
  set,
  errors,
}: Props & { name: 'description' | 'showNotes' | 'transcript'; label: string; hint: string; rows?: number }) {
  return (
    <LongTextField
      id={`episode-${name}`}
      label={label}
      hint={hint}
      value={form[name]}
      max={EPISODE_LIMITS[name]}
      rows={rows}
      error={errors[name]}
      onValue={(value) => set({ [name]: value })}
    />
  );
}
