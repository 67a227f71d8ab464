// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useSubmission } from './useSubmission';

// React warns about updates outside act() unless it is told this is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Submission = ReturnType<typeof useSubmission>;

let unmount: (() => void) | null = null;
afterEach(() => {
  act(() => unmount?.());
  unmount = null;
});

/** A component that only uses the hook, and hands what it answered on each render to `onRender`. */
function Probe({ onRender }: { onRender: (submission: Submission) => void }) {
  onRender(useSubmission());
  return null;
}

/** The hook, rendered in a component; `current()` is what it answered on the latest render. */
function renderSubmission() {
  let latest: Submission | null = null;
  const root = createRoot(document.createElement('div'));
  act(() =>
    root.render(
      <Probe
        onRender={(submission) => {
          latest = submission;
        }}
      />,
    ),
  );
  unmount = () => root.unmount();
  return () => latest as unknown as Submission;
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

describe('useSubmission', () => {
  it('sends once when pressed twice before React re-renders, and is busy meanwhile', async () => {
    const current = renderSubmission();
    const { keys, send, finish } = pendingSend();
    // Both presses read the same render: only the ref can tell the second one to stop.
    const { run } = current();
    let first: Promise<void> = Promise.resolve();
    let second: Promise<void> = Promise.resolve();
    act(() => {
      first = run(send);
      second = run(send);
    });
    expect(keys).toHaveLength(1);
    expect(current().busy).toBe(true);
    await act(async () => {
      finish();
      await Promise.all([first, second]);
    });
    expect(current().busy).toBe(false);
  });

  it('keeps the key for a retry after a failure, and takes a new one after a success', async () => {
    const current = renderSubmission();
    const { keys, send, finish } = pendingSend();
    let attempt: Promise<void> = Promise.resolve();
    act(() => {
      attempt = current().run(send, 'Maya');
    });
    await act(async () => {
      finish(new Error('the answer was lost'));
      await expect(attempt).rejects.toThrow('the answer was lost');
    });
    act(() => {
      attempt = current().run(send, 'Maya');
    });
    await act(async () => {
      finish();
      await attempt;
    });
    act(() => {
      attempt = current().run(send, 'Maya');
    });
    await act(async () => {
      finish();
      await attempt;
    });
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys.every((key) => /^[A-Za-z0-9_-]{16,100}$/.test(key))).toBe(true);
  });

  it('takes a new key for another submission after a failure (another child, another plan)', async () => {
    const current = renderSubmission();
    const { keys, send, finish } = pendingSend();
    let attempt: Promise<void> = Promise.resolve();
    act(() => {
      attempt = current().run(send, 'Maya');
    });
    await act(async () => {
      finish(new Error('refused'));
      await attempt.catch(() => {});
    });
    act(() => {
      attempt = current().run(send, 'Theo');
    });
    await act(async () => {
      finish();
      await attempt;
    });
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
