import { useEffect, useRef, useState } from 'react';
import { programApi } from '~/features/program/program.api';
import { errorMessage } from '~/islands/shared/loadState';
import { call } from '~/platform/client/api';

/**
 * The family's calendar subscription of the plans' daily sessions: the address is made when a
 * parent asks for it, can be copied into any calendar app, and can be stopped (a new one replaces it).
 */
export function CalendarFeed() {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  // The button pressed is replaced: focus goes to the address, or back to the button that asks for one.
  const address = useRef<HTMLInputElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const [moveFocus, setMoveFocus] = useState(false);
  useEffect(() => {
    if (!moveFocus) return;
    (url ? address.current : ask.current)?.focus();
    setMoveFocus(false);
  }, [moveFocus, url]);

  const run = async (work: () => Promise<void>, failed: string) => {
    setBusy(true);
    setMessage('');
    try {
      await work();
    } catch (error) {
      setMessage(errorMessage(error, failed));
    } finally {
      setBusy(false);
    }
  };
  const show = () =>
    run(async () => {
      const { url: path } = await call(programApi.calendar, {});
      setUrl(new URL(path, window.location.origin).href);
      setMoveFocus(true);
    }, 'The calendar address could not be made. Try again in a moment.');
  const stop = () =>
    run(async () => {
      await call(programApi.stopCalendar, {});
      setUrl(null);
      setMoveFocus(true);
      setMessage('The calendar address is stopped: calendars that used it no longer update.');
    }, 'The calendar address could not be stopped. Try again in a moment.');
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setMessage('Address copied. Paste it into your calendar app’s “subscribe” or “add by URL”.');
    } catch {
      setMessage('Select the address and copy it.');
    }
  };

  return (
    <section className="plan-calendar no-print" aria-labelledby="plan-calendar-title">
      <h3 id="plan-calendar-title" className="plan-subtitle">
        Reading sessions in your calendar
      </h3>
      <p>
        Subscribe once and every child’s daily sessions appear in your family calendar, week after week. The
        address is private to your family: anyone who has it sees the sessions and book titles.
      </p>
      {url ? (
        <>
          <label className="plan-calendar-url">
            <span>Calendar address</span>
            <input ref={address} type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <p className="plan-links">
            <button type="button" className="btn btn-primary" onClick={copy}>
              Copy the address
            </button>
            <a className="btn btn-secondary" href={url.replace(/^https?:/, 'webcal:')}>
              Open in my calendar app
            </a>
            <button type="button" className="btn btn-secondary" onClick={stop} disabled={busy}>
              Stop this address
            </button>
          </p>
        </>
      ) : (
        <button ref={ask} type="button" className="btn btn-secondary" onClick={show} disabled={busy}>
          {busy ? 'Getting the address…' : 'Get the calendar address'}
        </button>
      )}
      <p role="status" className="plan-hint">
        {message}
      </p>
    </section>
  );
}
