// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClientError } from '~/platform/client/api';
import { useSubmit } from './useSubmit';

// React warns about updates outside act() unless it is told this is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Submit = ReturnType<typeof useSubmit>;
const FALLBACK = { fallback: 'We could not save this. Try again.' };

let unmount: (() => void) | null = null;
afterEach(() => {
  act(() => unmount?.());
  unmount = null;
});

/** A component that only uses the hook, and hands what it answered on each render to `onRender`. */
function Probe({ onRender }: { onRender: (submit: Submit) => void }) {
  onRender(useSubmit());
  return null;
}

/** The hook, rendered in a component; `current()` is what it answered on the latest render. */
function renderSubmit() {
  let latest: Submit | null = null;
  const root = createRoot(document.createElement('div'));
  act(() =>
    root.render(
      <Probe
        onRender={(submit) => {
          latest = submit;
        }}
      />,
    ),
  );
  unmount = () => root.unmount();
  return () => latest as unknown as Submit;
}

/** A send that waits until `finish` is called, and notes each key it was given. */
function pendingSend() {
  const keys: string[] = [];
  let finish: (error?: Error) => void = () => {};
  const send = (key: string) =>
    new Promise<void>((resolve, reject) => {
      keys.push(key);
      finish = (error) => (error ? reject(error) : resolve());
    });
  return { keys, send, finish: (error?: Error) => finish(error) };
}

/** Starts a submission inside act(), and answers a way to end it (with an error or not). */
function start(current: () => Submit, pending: ReturnType<typeof pendingSend>, what?: string) {
  let attempt: Promise<boolean> = Promise.resolve(false);
  act(() => {
    attempt = current().submit(pending.send, what === undefined ? FALLBACK : { ...FALLBACK, what });
  });
  return async (error?: Error) => {
    let ok = false;
    await act(async () => {
      pending.finish(error);
      ok = await attempt;
    });
    return ok;
  };
}

describe('useSubmit', () => {
  it('sends once when pressed twice before React re-renders, and is busy with that action meanwhile', async () => {
    const current = renderSubmit();
    const pending = pendingSend();
    // Both presses read the same render: only the ref can tell the second one to stop.
    const { submit } = current();
    let first: Promise<boolean> = Promise.resolve(false);
    let second: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = submit(pending.send, { ...FALLBACK, what: 'publish' });
      second = submit(pending.send, { ...FALLBACK, what: 'publish' });
    });
    expect(pending.keys).toHaveLength(1);
    expect(current().busy).toBe(true);
    expect(current().pending).toBe('publish');
    await act(async () => {
      pending.finish();
      expect(await first).toBe(true);
      expect(await second).toBe(false);
    });
    expect(current().busy).toBe(false);
    expect(current().pending).toBeNull();
  });

  it('keeps the key for a retry after a failure, and takes a new one after a success', async () => {
    const current = renderSubmit();
    const pending = pendingSend();
    expect(await start(current, pending, 'Maya')(new Error('the answer was lost'))).toBe(false);
    expect(await start(current, pending, 'Maya')()).toBe(true);
    expect(await start(current, pending, 'Maya')()).toBe(true);
    expect(pending.keys).toHaveLength(3);
    expect(pending.keys[1]).toBe(pending.keys[0]);
    expect(pending.keys[2]).not.toBe(pending.keys[0]);
    expect(pending.keys.every((key) => /^[A-Za-z0-9_-]{16,100}$/.test(key))).toBe(true);
  });

  it('takes a new key for another action after a failure (another child, another plan)', async () => {
    const current = renderSubmit();
    const pending = pendingSend();
    await start(current, pending, 'Maya')(new Error('refused'));
    await start(current, pending, 'Theo')();
    expect(pending.keys).toHaveLength(2);
    expect(pending.keys[1]).not.toBe(pending.keys[0]);
  });

  it('puts the API’s field errors beside their fields and its message on the form', async () => {
    const current = renderSubmit();
    const pending = pendingSend();
    const refusal = new ApiClientError(400, 'invalid_input', 'Check the name.', { 'name.0': 'Too short.' });
    await start(current, pending)(refusal);
    expect(current().errors).toEqual({ name: 'Too short.', form: 'Check the name.' });
  });

  it('says the fallback for a failure that is not an answer of the API, and clears it on the next try', async () => {
    const current = renderSubmit();
    const pending = pendingSend();
    await start(current, pending)(new TypeError('Failed to fetch'));
    expect(current().errors).toEqual({ form: FALLBACK.fallback });
    const finish = start(current, pending);
    expect(current().errors).toEqual({});
    await finish();
  });
});
