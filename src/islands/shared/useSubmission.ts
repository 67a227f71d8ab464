import { useRef, useState } from 'react';
import { newIdempotencyKey } from '~/platform/client/api';

/**
 * What `useForm`'s `save` does for a form, for a button that creates something outside one (a
 * registration, a check-out, a test payment): `run(send, what)` calls `send` once, and ignores every
 * press that comes while it is in flight. The guard is a ref, not only `busy`: two clicks can land
 * before React re-renders with the button disabled.
 *
 * `send` gets the submission's idempotency key to pass to `call`. The key is kept when `send`
 * fails, so a retry of the same `what` (the same child, the same plan) is the same create for the
 * server, which makes it once even if the first answer was lost on the way; it is new after a
 * success, and for another `what`. `send`'s error is thrown on, for the caller to say what went
 * wrong.
 */
export function useSubmission() {
  const inFlight = useRef(false);
  const submission = useRef<{ what: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (send: (idempotencyKey: string) => Promise<void>, what = ''): Promise<void> => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      if (submission.current?.what !== what) submission.current = { what, key: newIdempotencyKey() };
      await send(submission.current.key);
      submission.current = null;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return { busy, run };
}
