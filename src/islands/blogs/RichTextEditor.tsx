import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { blogsApi } from '~/features/blogs/blogs.api';
import { BLOG_IMAGE_TYPES, MAX_BLOG_IMAGE_BYTES } from '~/features/blogs/images';
import { parseLinkAddress } from '~/features/blogs/myBlogs';
import { Field } from '~/islands/shared/Field';
import { call } from '~/platform/client/api';
import '~/islands/shared/ConfirmDialog.css';

export interface RichTextEditorProps {
  /** The HTML the editor starts with (read once). */
  initialHtml: string;
  /** The id of the visible label that names the writing area. */
  labelledBy: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  onChange: (editor: Editor) => void;
  onReady: (editor: Editor) => void;
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The post's text: Tiptap with a labelled toolbar; what it writes, the server sanitizes again. */
export function RichTextEditor({
  initialHtml,
  labelledBy,
  describedBy,
  invalid,
  onChange,
  onReady,
}: RichTextEditorProps) {
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        code: false,
        link: { openOnClick: false, autolink: true, protocols: ['https'], defaultProtocol: 'https' },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        class: 'rte-content prose',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
      handleKeyDown: (_view, event) => {
        if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          setDialog('link');
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor }) => onChange(editor),
    onCreate: ({ editor }) => onReady(editor),
  });

  // The error state changes after the editor exists: keep its attributes in step.
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          'aria-invalid': invalid ? 'true' : 'false',
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        },
      },
    });
  }, [editor, invalid, describedBy]);

  if (!editor) return null;
  return (
    <div className={`rte ${invalid ? 'rte-invalid' : ''}`}>
      <Toolbar editor={editor} onLink={() => setDialog('link')} onImage={() => setDialog('image')} />
      <EditorContent editor={editor} />
      {/* Outside the post's form in the page: a form may not hold another form. */}
      {dialog === 'link' &&
        createPortal(<LinkDialog editor={editor} onClose={() => setDialog(null)} />, document.body)}
      {dialog === 'image' &&
        createPortal(<ImageDialog editor={editor} onClose={() => setDialog(null)} />, document.body)}
    </div>
  );
}

function Toolbar({ editor, onLink, onImage }: { editor: Editor; onLink: () => void; onImage: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const groups: Tool[][] = [
    [
      {
        label: 'Heading 2',
        shortcut: 'Alt+2',
        pressed: state.h2,
        onClick: () => chain().toggleHeading({ level: 2 }).run(),
        children: 'H2',
      },
      {
        label: 'Heading 3',
        shortcut: 'Alt+3',
        pressed: state.h3,
        onClick: () => chain().toggleHeading({ level: 3 }).run(),
        children: 'H3',
      },
    ],
    [
      {
        label: 'Bold',
        shortcut: 'B',
        pressed: state.bold,
        onClick: () => chain().toggleBold().run(),
        children: <b>B</b>,
      },
      {
        label: 'Italic',
        shortcut: 'I',
        pressed: state.italic,
        onClick: () => chain().toggleItalic().run(),
        children: <i>I</i>,
      },
    ],
    [
      {
        label: 'Bullet list',
        shortcut: 'Shift+8',
        pressed: state.bullet,
        onClick: () => chain().toggleBulletList().run(),
        children: '• List',
      },
      {
        label: 'Numbered list',
        shortcut: 'Shift+7',
        pressed: state.ordered,
        onClick: () => chain().toggleOrderedList().run(),
        children: '1. List',
      },
    ],
    [
      { label: 'Link', shortcut: 'K', pressed: state.link, onClick: onLink, children: 'Link' },
      { label: 'Picture', onClick: onImage, children: 'Picture' },
    ],
    [
      {
        label: 'Undo',
        shortcut: 'Z',
        disabled: !state.canUndo,
        onClick: () => chain().undo().run(),
        children: 'Undo',
      },
      {
        label: 'Redo',
        shortcut: 'Shift+Z',
        disabled: !state.canRedo,
        onClick: () => chain().redo().run(),
        children: 'Redo',
      },
    ],
  ];
  return (
    <div className="rte-toolbar" role="toolbar" aria-label="Formatting">
      {groups.map((group, i) => (
        <Fragment key={group[0]?.label}>
          {i > 0 && <span className="rte-sep" aria-hidden="true" />}
          {group.map((tool) => (
            <ToolButton key={tool.label} {...tool} />
          ))}
        </Fragment>
      ))}
    </div>
  );
}

interface Tool {
  label: string;
  /** The shortcut after the platform's modifier key (Ctrl or ⌘), such as 'Alt+2'. */
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function ToolButton({ label, shortcut, pressed, disabled, onClick, children }: Tool) {
  const mod = isMac() ? 'Meta' : 'Control';
  const modName = isMac() ? '⌘' : 'Ctrl';
  const keys = shortcut && `${mod}+${shortcut}`;
  const hint = shortcut && `${modName}+${shortcut}`;
  return (
    <button
      type="button"
      className="rte-button"
      aria-label={label}
      title={hint ? `${label} (${hint})` : label}
      {...(keys ? { 'aria-keyshortcuts': keys } : {})}
      {...(pressed !== undefined ? { 'aria-pressed': pressed } : {})}
      aria-disabled={disabled || undefined}
      // Keeps the text selection in the editor while the button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => {
        if (!disabled) onClick();
      }}
    >
      {children}
    </button>
  );
}

/**
 * A modal dialog holding one form: it opens itself, and Cancel (or Escape) closes it and gives
 * focus back to the editor.
 */
function Modal({
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

function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const existing = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [address, setAddress] = useState(existing);
  const [error, setError] = useState<string>();
  const apply = () => {
    const href = parseLinkAddress(address);
    if (!href) {
      setError('Enter a full web address starting with https://, such as https://www.example.org.');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else chain.setLink({ href }).run();
    onClose();
  };
  return (
    <Modal
      editor={editor}
      onClose={onClose}
      id="rte-link"
      title="Link to a web page"
      onSubmit={apply}
      actions={
        <>
          <button type="submit" className="btn btn-primary">
            {existing ? 'Update link' : 'Add link'}
          </button>
          {existing && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                editor.chain().focus().extendMarkRange('link').unsetLink().run();
                onClose();
              }}
            >
              Remove link
            </button>
          )}
        </>
      }
    >
      <p className="hint">
        Select words first to turn them into the link; otherwise the address itself is added.
      </p>
      <Field
        id="rte-link-address"
        label="Web address"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        error={error}
        hint="Only secure addresses (https) can be used."
      />
    </Modal>
  );
}

function ImageDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [file, setFile] = useState<File>();
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ file?: string; alt?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const insert = async () => {
    const next: typeof errors = {};
    if (!file) next.file = 'Choose a picture from your device.';
    else if (!(file.type in BLOG_IMAGE_TYPES)) next.file = 'Choose a JPEG, PNG or WebP picture.';
    else if (file.size > MAX_BLOG_IMAGE_BYTES) next.file = 'Choose a picture of 5 MB or less.';
    if (alt.trim().length < 3)
      next.alt = 'Describe the picture in a few words for readers who cannot see it.';
    setErrors(next);
    if (Object.keys(next).length > 0 || !file) {
      document.getElementById(next.file ? 'rte-image-file' : 'rte-image-alt')?.focus();
      return;
    }
    setBusy(true);
    try {
      const { url } = await call(blogsApi.uploadImage, { file, timeoutMs: 60_000 });
      editor.chain().focus().setImage({ src: url, alt: alt.trim() }).run();
      onClose();
    } catch (error) {
      setErrors({ form: (error as Error).message });
      setBusy(false);
    }
  };
  return (
    <Modal
      editor={editor}
      onClose={onClose}
      id="rte-image"
      title="Add a picture"
      onSubmit={() => void insert()}
      actions={
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          {busy ? 'Uploading…' : 'Add picture'}
        </button>
      }
    >
      <div role="alert">{errors.form && <p className="form-alert form-alert-error">{errors.form}</p>}</div>
      <Field
        id="rte-image-file"
        label="Picture"
        type="file"
        accept={Object.keys(BLOG_IMAGE_TYPES).join(',')}
        onChange={(e) => setFile(e.target.files?.[0])}
        error={errors.file}
        hint="JPEG, PNG or WebP, up to 5 MB. Please leave out children’s faces and anything that shows where you live."
      />
      <Field
        id="rte-image-alt"
        label="Describe the picture"
        value={alt}
        maxLength={200}
        onChange={(e) => setAlt(e.target.value)}
        error={errors.alt}
        hint="Read aloud to readers who cannot see it, e.g. “A pile of library books on the kitchen table”."
      />
    </Modal>
  );
}
