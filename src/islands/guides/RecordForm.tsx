import { MAX_SCORE_NOTE } from '~/features/guides/guides.schema';
import { FLUENCY_SCALE, FLUENCY_SOURCE } from '~/features/readAloud/fluency';
import { formatDuration } from '~/features/readAloud/readAloud';
import { ACCURACY_BAND_WORDS, accuracyBand, percentText } from '~/features/readAloud/runningRecord';
import { LongTextField } from '~/islands/shared/admin/LongTextField';
import { Field, FieldError, FormAlert } from '~/islands/shared/Field';
import type { RunningRecordState } from './useRunningRecord';

/** The figures the marks give, as the family will read them. */
export function Figures({ state }: { state: RunningRecordState }) {
  const { figures } = state;
  return (
    <dl className="admin-details rr-figures" aria-live="polite">
      <dt>Running words</dt>
      <dd>{figures.words}</dd>
      <dt>Errors</dt>
      <dd>{figures.errors}</dd>
      <dt>Self-corrections</dt>
      <dd>
        {figures.selfCorrections}
        {figures.selfCorrectionRatio !== null && ` (1 in ${figures.selfCorrectionRatio})`}
      </dd>
      <dt>Accuracy</dt>
      <dd>
        {percentText(figures.accuracy)}: {ACCURACY_BAND_WORDS[accuracyBand(figures.accuracy)]}
      </dd>
      <dt>Words correct per minute</dt>
      <dd>{figures.wordsCorrectPerMinute}</dd>
    </dl>
  );
}

function FluencyChoice({ state }: { state: RunningRecordState }) {
  const error = state.errors.fluency;
  return (
    <fieldset className="field rr-fluency" aria-describedby={error ? 'fluency-error' : 'fluency-source'}>
      <legend>Fluency</legend>
      <p id="fluency-source" className="hint">
        {FLUENCY_SOURCE}
      </p>
      {FLUENCY_SCALE.map((level) => (
        <label key={level.level} className="choice role-choice">
          <input
            type="radio"
            name="fluency"
            value={level.level}
            checked={state.fluency === level.level}
            onChange={() => state.setFluency(level.level)}
            aria-invalid={error ? true : undefined}
          />
          <span>
            <strong>
              {level.level}. {level.name}
            </strong>
            <span className="hint">{level.says}</span>
          </span>
        </label>
      ))}
      <FieldError id="fluency" error={error} />
    </fieldset>
  );
}

/** The reading time, the rating, the note to the family and the save. */
export function RecordForm({ state, durationMs }: { state: RunningRecordState; durationMs: number }) {
  return (
    <form
      className="rr-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void state.save();
      }}
    >
      <FormAlert message={state.errors.form} />
      <Field
        id="readingSeconds"
        label="Reading time, in seconds"
        hint={`The recording lasts ${formatDuration(durationMs)}: leave out any silence before the first word and after the last.`}
        type="number"
        inputMode="decimal"
        min={1}
        step={0.1}
        value={state.seconds}
        error={state.errors.readingMs}
        onChange={(e) => state.setSeconds(e.target.value)}
      />
      <FieldError id="marks" error={state.errors.marks ?? state.errors.lastWord} />
      <FluencyChoice state={state} />
      <LongTextField
        id="note"
        label="A note to the family"
        hint="What went well and one thing to practise. The family reads it beside the recording."
        value={state.note}
        max={MAX_SCORE_NOTE}
        error={state.errors.note}
        onValue={state.setNote}
        rows={4}
      />
      <p className="actions">
        <button type="submit" className="btn btn-primary" aria-disabled={state.saving}>
          {state.saving ? 'Saving…' : state.record ? 'Save the changes' : 'Save the running record'}
        </button>
      </p>
      <div role="status">
        {state.message && <p className="form-alert form-alert-success">{state.message}</p>}
      </div>
    </form>
  );
}
