import { Field, FieldError } from '~/islands/shared/Field';
import type { EpisodeForm } from './episodeForm';

const OPTIONS: { value: EpisodeForm['publish']; label: string; hint: string }[] = [
  { value: 'draft', label: 'Draft', hint: 'Only the team sees it.' },
  { value: 'now', label: 'Publish now', hint: 'On the podcast page and in the feed at once.' },
  { value: 'date', label: 'On a date and time', hint: 'Goes out (or went out) at that moment.' },
];

/** When the episode goes out: a draft, now, or at a chosen moment (in the administrator's time zone). */
export function EpisodePublishFields({
  form,
  set,
  error,
}: {
  form: EpisodeForm;
  set: (change: Partial<EpisodeForm>) => void;
  error: string | undefined;
}) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <section className="admin-panel" aria-labelledby="episode-publish-heading">
      <h3 id="episode-publish-heading">Publication</h3>
      <fieldset className="field" aria-describedby={error ? 'episode-publishedAt-error' : undefined}>
        <legend>When it goes out</legend>
        <div className="episode-publish-options">
          {OPTIONS.map((option) => (
            <label key={option.value} className="checkbox">
              <input
                type="radio"
                name="episode-publish"
                value={option.value}
                checked={form.publish === option.value}
                aria-invalid={error ? true : undefined}
                onChange={() => set({ publish: option.value })}
              />
              <span>
                <strong>{option.label}</strong> <span className="hint">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id="episode-publishedAt" error={error} />
      </fieldset>
      {form.publish === 'date' && (
        <Field
          id="episode-publishDate"
          className="episode-date"
          label="Publication date and time"
          type="datetime-local"
          value={form.publishDate}
          hint={`In your time zone (${zone}). A date in the future schedules the episode.`}
          onChange={(e) => set({ publishDate: e.target.value })}
        />
      )}
    </section>
  );
}
