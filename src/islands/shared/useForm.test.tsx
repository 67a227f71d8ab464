// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ApiClientError } from '~/platform/client/api';
import { useForm } from './useForm';

// React warns about updates outside act() unless it is told this is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const schema = z.object({ name: z.string().trim().min(2, 'Too short.') });
const FALLBACK = { fallback: 'We could not save this. Try again.' };
type Form = ReturnType<typeof useForm<{ name: string }>>;

let unmount: (() => void) | null = null;
afterEach(() => {
  act(() => unmount?.());
  unmount = null;
});

/** A component that only uses the hook, and hands what it answered on each render to `onRender`. */
function Probe({ onRender }: { onRender: (form: Form) => void }) {
  onRender(useForm({ name: '' }, 'probe'));
  return null;
}

/** The hook, rendered in a component; `current()` is what it answered on the latest render. */
function renderForm() {
  let latest: Form | null = null;
  const root = createRoot(document.createElement('div'));
  act(() =>
    root.render(
      <Probe
        onRender={(form) => {
          latest = form;
        }}
      />,
    ),
  );
  unmount = () => root.unmount();
  return () => latest as unknown as Form;
}

/** A send that waits until `finish` is called, and notes what it was given. */
function pendingSend() {
  const sent: { data: { name: string }; key: string }[] = [];
  let finish: (error?: Error) => void = () => {};
  const send = (data: { name: string }, key: string) =>
    new Promise<void>((resolve, reject) => {
      sent.push({ data, key });
      finish = (error) => (error ? reject(error) : resolve());
    });
  return { sent, send, finish: (error?: Error) => finish(error) };
}

describe('useForm', () => {
  it('gives a field its id, value, error and change handler', () => {
    const current = renderForm();
    expect(current().field('name')).toMatchObject({ id: 'probe-name', value: '', error: undefined });
    act(() => current().set({ name: 'Maya' }));
    expect(current().field('name').value).toBe('Maya');
  });

  it('checks the input with the schema first: its complaints go beside their fields and nothing is sent', async () => {
    const current = renderForm();
    const pending = pendingSend();
    let ok = true;
    await act(async () => {
      ok = await current().save(schema, { name: 'M' }, pending.send, FALLBACK);
    });
    expect(ok).toBe(false);
    expect(pending.sent).toHaveLength(0);
    expect(current().errors).toEqual({ name: 'Too short.' });
  });

  it('submits the parsed input once, with an idempotency key, busy meanwhile', async () => {
    const current = renderForm();
    const pending = pendingSend();
    const { save } = current();
    let first: Promise<boolean> = Promise.resolve(false);
    let second: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = save(schema, { name: ' Maya ' }, pending.send, FALLBACK);
      second = save(schema, { name: ' Maya ' }, pending.send, FALLBACK);
    });
    expect(pending.sent).toHaveLength(1);
    expect(pending.sent[0]?.data).toEqual({ name: 'Maya' });
    expect(pending.sent[0]?.key).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(current().busy).toBe(true);
    await act(async () => {
      pending.finish();
      expect(await first).toBe(true);
      expect(await second).toBe(false);
    });
    expect(current().busy).toBe(false);
  });

  it('puts the API’s refusal beside its fields and on the form, and keeps the key for a retry', async () => {
    const current = renderForm();
    const pending = pendingSend();
    let attempt: Promise<boolean> = Promise.resolve(true);
    act(() => {
      attempt = current().save(schema, { name: 'Maya' }, pending.send, FALLBACK);
    });
    await act(async () => {
      pending.finish(new ApiClientError(400, 'invalid_input', 'Check the name.', { name: 'Taken.' }));
      expect(await attempt).toBe(false);
    });
    expect(current().errors).toEqual({ name: 'Taken.', form: 'Check the name.' });
    act(() => {
      attempt = current().save(schema, { name: 'Maya' }, pending.send, FALLBACK);
    });
    await act(async () => {
      pending.finish();
      await attempt;
    });
    expect(pending.sent[1]?.key).toBe(pending.sent[0]?.key);
  });
});
