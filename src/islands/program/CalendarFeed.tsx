import { useEffect, useRef, useState } from 'react';
import { ConfirmButtons } from '~/islands/shared/ConfirmButtons';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { programContracts } from './programContracts';

type Phase = 'loading' | 'none' | 'shown' | 'confirming';

/** The address as a calendar app needs it: whole, on this site. */
const absolute = (path: string) => new URL(path, window.location.origin).href;

/**
 * The family's calendar subscription of the plans' daily sessions: the address is made when a
 * parent asks for it, shown again on every visit, can be copied into any calendar app, and can be
 * stopped once the parent confirms (a new one replaces it).
 */
export function CalendarFeed() {
  const feed = useCalendarFeed();
  const { url, phase, busy } = feed;

  return (
    <section className="plan-calendar no-print" aria-labelledby="plan-calendar-title">
      <h3 id="plan-calendar-title" className="plan-subtitle">
        Reading sessions in your calendar
      </h3>
      <p>
        Subscribe once and every child’s daily sessions appear in your family calendar, week after week. The
        address is private to your family: anyone who has it sees the sessions and book titles.
      </p>
      {phase === 'loading' && <p className="plan-hint">Looking for your calendar address…</p>}
      {url && (phase === 'shown' || phase === 'confirming') && <CalendarAddress url={url} feed={feed} />}
      {phase === 'none' && (
        <button
          ref={feed.ask}
          type="button"
          className="btn btn-secondary"
          onClick={feed.show}
          disabled={busy}
        >
          {busy ? 'Getting the address…' : 'Get the calendar address'}
        </button>
      )}
      <p role="status" className="plan-hint">
        {feed.said}
      </p>
    </section>
  );
}

/** The address, to copy or open in a calendar app, and the way to stop it, asked first. */
function CalendarAddress({ url, feed }: { url: string; feed: ReturnType<typeof useCalendarFeed> }) {
  const { phase, busy } = feed;
  return (
    <>
      <label className="plan-calendar-url">
        <span>Calendar address</span>
        <input
          ref={feed.address}
          type="text"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      {phase === 'shown' ? (
        <p className="plan-links">
          <button type="button" className="btn btn-primary" onClick={feed.copy}>
            Copy the address
          </button>
          <a className="btn btn-secondary" href={url.replace(/^https?:/, 'webcal:')}>
            Open in my calendar app
          </a>
          <button type="button" className="btn btn-secondary" onClick={() => feed.choose('confirming')}>
            Stop this address…
          </button>
        </p>
      ) : (
        <div className="plan-links">
          <p id="plan-calendar-stop">
            Stop this address? Calendars that use it stop updating; you can ask for a new one afterwards.
          </p>
          <ConfirmButtons
            confirmRef={feed.confirmStop}
            confirm="Stop the address"
            keep="Keep it"
            busy={busy}
            onConfirm={() => void feed.stop()}
            onKeep={() => feed.choose('shown')}
          />
        </div>
      )}
    </>
  );
}

/** Copies the address to the clipboard, and answers what to tell the parent. */
async function copied(url: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(url);
    return 'Address copied. Paste it into your calendar app’s “subscribe” or “add by URL”.';
  } catch {
    return 'Select the address and copy it.';
  }
}

/** The button pressed is replaced: once asked to `move`, focus goes to what takes its place. */
function useFocusOnPhase(phase: Phase) {
  const address = useRef<HTMLInputElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const confirmStop = useRef<HTMLButtonElement>(null);
  const [moveFocus, setMoveFocus] = useState(false);
  useEffect(() => {
    if (!moveFocus) return;
    const target = { confirming: confirmStop, shown: address, none: ask, loading: ask }[phase];
    target.current?.focus();
    setMoveFocus(false);
  }, [moveFocus, phase]);
  return { refs: { address, ask, confirmStop }, move: () => setMoveFocus(true) };
}

/**
 * The family's calendar address, as the server has it, and what a parent does with it: ask for
 * one, copy it, stop it after confirming.
 */
function useCalendarFeed() {
  const [url, setUrl] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const { submit, busy, errors, setErrors } = useSubmit();
  const [message, setMessage] = useState('');
  const focus = useFocusOnPhase(phase);

  useEffect(() => {
    programContracts()
      .then((api) => call(api.currentCalendar, {}))
      .then(({ url: path }) => {
        setUrl(path ? absolute(path) : null);
        setPhase(path ? 'shown' : 'none');
      })
      .catch(() => setPhase('none'));
  }, []);

  const run = (work: () => Promise<void>, failed: string) =>
    submit(
      async () => {
        setMessage('');
        await work();
      },
      { fallback: failed },
    );
  const show = () =>
    run(async () => {
      const { url: path } = await call((await programContracts()).calendar, {});
      setUrl(absolute(path));
      setPhase('shown');
      focus.move();
    }, 'The calendar address could not be made. Try again in a moment.');
  const stop = () =>
    run(async () => {
      await call((await programContracts()).stopCalendar, {});
      setUrl(null);
      setPhase('none');
      focus.move();
      setMessage('The calendar address is stopped: calendars that used it no longer update.');
    }, 'The calendar address could not be stopped. Try again in a moment.');
  const copy = async () => {
    if (!url) return;
    setErrors({});
    setMessage(await copied(url));
  };
  const choose = (next: Phase) => {
    setPhase(next);
    focus.move();
  };

  return { url, phase, busy, said: errors.form ?? message, ...focus.refs, show, stop, copy, choose };
}
