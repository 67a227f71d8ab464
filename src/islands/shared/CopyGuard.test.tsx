// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyGuard } from './CopyGuard';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let unmount: () => void = () => {};
beforeEach(() => {
  localStorage.clear();
  container = document.createElement('div');
  // React reports every caught error on the console; these are expected.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  act(() => unmount());
  vi.restoreAllMocks();
});

/** An island that draws what `draw` answers (or throws what it throws). */
function Island({ draw }: { draw: () => React.ReactNode }) {
  return draw();
}

function show(draw: () => React.ReactNode) {
  const root = createRoot(container);
  act(() =>
    root.render(
      <CopyGuard>
        <Island draw={draw} />
      </CopyGuard>,
    ),
  );
  unmount = () => root.unmount();
}

describe('CopyGuard', () => {
  it('forgets the copies and draws the island afresh when a copy cannot be drawn', () => {
    localStorage.setItem('qr:data:plan:1', '{"uid":"a","value":{"books":42}}');
    localStorage.setItem('qr:token', 'kept');
    show(() => {
      if (localStorage.getItem('qr:data:plan:1')) throw new TypeError('books.map is not a function');
      return <p>Loading the plan…</p>;
    });
    expect(container.textContent).toBe('Loading the plan…');
    expect(localStorage.getItem('qr:data:plan:1')).toBeNull();
    expect(localStorage.getItem('qr:token')).toBe('kept');
  });

  it('says the part could not be shown when it fails again without a copy', () => {
    show(() => {
      throw new Error('not the copy');
    });
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'This part of the page could not be shown. Reload the page to try again.',
    );
  });

  it('draws the island as it is when nothing fails', () => {
    show(() => <p>This week’s books</p>);
    expect(container.textContent).toBe('This week’s books');
  });
});
