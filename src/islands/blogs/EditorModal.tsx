import type { Editor } from '@tiptap/react';
import { type ReactNode, useEffect, useRef } from 'react';
import '~/islands/shared/ConfirmDialog.css';

/**
 * A modal dialog holding one form: it opens itself, and Cancel (or Escape) closes it and gives
 * focus back to the editor.
 */
export function EditorModal({
  editor,
  onClose,
  id,
  title,
  onSubmit,
  actions,
  children,
}: {
  editor: Editor;
  onClose: () => void;
  /** Prefixes the title's id: `${id}-title`. */
  id: string;
  title: string;
  onSubmit: () => void;
  /** The buttons before Cancel. */
  actions: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  return (
    <dialog
      ref={ref}
      className="qr-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // React passes events up its own tree, portals included: keep this from saving the post.
          e.stopPropagation();
          onSubmit();
        }}
        noValidate
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
        <div className="actions">
          {actions}
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
