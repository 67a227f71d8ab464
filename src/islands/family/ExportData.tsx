import { useState } from 'react';
import { familyApi } from '~/features/family/family.api';
import { FormAlert } from '~/islands/shared/Field';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';

/** Hands the browser the family's data as a JSON file named for today. */
function saveAsFile(data: unknown) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `quillreads-family-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads everything kept about the family as one JSON file (the privacy policy's promise). */
export function ExportData() {
  const { submit, busy, errors } = useSubmit();
  const [done, setDone] = useState<string>();
  const download = async () => {
    setDone(undefined);
    await submit(
      async () => {
        saveAsFile(await call(familyApi.exportMine, {}));
        setDone('Your family’s data is downloading as a JSON file.');
      },
      { fallback: 'The export did not work.' },
    );
  };
  return (
    <section className="surface settings-card" aria-labelledby="settings-export">
      <h2 id="settings-export">Your family’s data</h2>
      <p>
        Download everything we keep about your family as one JSON file: your account, each child’s profile,
        reading log, read-aloud attempts, notifications, event registrations, orders and blog posts.
      </p>
      <FormAlert message={errors.form ?? done} tone={errors.form ? 'error' : 'success'} />
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void download()}
        aria-disabled={busy}
      >
        {busy ? 'Preparing…' : 'Export our data (JSON)'}
      </button>
    </section>
  );
}
