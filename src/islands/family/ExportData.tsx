import { useState } from 'react';
import { familyApi } from '~/features/family/family.api';
import { FormAlert } from '~/islands/shared/Field';
import { errorMessage } from '~/islands/shared/loadState';
import { call } from '~/platform/client/api';

/** Downloads everything kept about the family as one JSON file (the privacy policy's promise). */
export function ExportData() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const download = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const data = await call(familyApi.exportMine, {});
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `quillreads-family-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setMessage({ tone: 'success', text: 'Your family’s data is downloading as a JSON file.' });
    } catch (e) {
      setMessage({
        tone: 'error',
        text: errorMessage(e, 'The export did not work.'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="surface settings-card" aria-labelledby="settings-export">
      <h2 id="settings-export">Your family’s data</h2>
      <p>
        Download everything we keep about your family as one JSON file: your account, each child’s profile,
        reading log, read-aloud attempts, notifications, event registrations, orders and blog posts.
      </p>
      <FormAlert message={message?.text} tone={message?.tone ?? 'success'} />
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
