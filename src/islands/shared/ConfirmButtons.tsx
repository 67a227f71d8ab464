import type { ReactNode, Ref } from 'react';

/**
 * The two buttons of a question asked in place ("Delete this entry?"): the dangerous answer, then
 * the one that keeps things as they are. While busy, the first is marked disabled and does nothing.
 */
export function ConfirmButtons({
  confirmRef,
  confirm,
  keep,
  busy,
  onConfirm,
  onKeep,
}: {
  confirmRef?: Ref<HTMLButtonElement>;
  confirm: ReactNode;
  keep: ReactNode;
  busy?: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    <>
      <button
        ref={confirmRef}
        type="button"
        className="btn btn-danger btn-small"
        aria-disabled={busy}
        onClick={() => !busy && onConfirm()}
      >
        {confirm}
      </button>
      <button type="button" className="btn btn-ghost btn-small" onClick={onKeep}>
        {keep}
      </button>
    </>
  );
}
