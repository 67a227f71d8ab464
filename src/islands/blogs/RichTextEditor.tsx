import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useRef, useState } from 'react';
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
  const mod = isMac() ? 'Meta' : 'Control';
  const modName = isMac() ? '⌘' : 'Ctrl';
  const chain = () => editor.chain().focus();
  return (
    <div className="rte-toolbar" role="toolbar" aria-label="Formatting">
      <ToolButton
        label="Heading 2"
        keys={`${mod}+Alt+2`}
        hint={`${modName}+Alt+2`}
        pressed={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        H2
      </ToolButton>
      <ToolButton
        label="Heading 3"
        keys={`${mod}+Alt+3`}
        hint={`${modName}+Alt+3`}
        pressed={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        H3
      </ToolButton>
      <span className="rte-sep" aria-hidden="true" />
      <ToolButton
        label="Bold"
        keys={`${mod}+B`}
        hint={`${modName}+B`}
        pressed={state.bold}
        onClick={() => chain().toggleBold().run()}
      >
        <b>B</b>
      </ToolButton>
      <ToolButton
        label="Italic"
        keys={`${mod}+I`}
        hint={`${modName}+I`}
        pressed={state.italic}
        onClick={() => chain().toggleItalic().run()}
      >
        <i>I</i>
      </ToolButton>
      <span className="rte-sep" aria-hidden="true" />
      <ToolButton
        label="Bullet list"
        keys={`${mod}+Shift+8`}
        hint={`${modName}+Shift+8`}
        pressed={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
      >
        • List
      </ToolButton>
      <ToolButton
        label="Numbered list"
        keys={`${mod}+Shift+7`}
        hint={`${modName}+Shift+7`}
        pressed={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      >
        1. List
      </ToolButton>
      <span className="rte-sep" aria-hidden="true" />
      <ToolButton label="Link" keys={`${mod}+K`} hint={`${modName}+K`} pressed={state.link} onClick={onLink}>
        Link
      </ToolButton>
      <ToolButton label="Picture" onClick={onImage}>
        Picture
      </ToolButton>
      <span className="rte-sep" aria-hidden="true" />
      <ToolButton
        label="Undo"
        keys={`${mod}+Z`}
        hint={`${modName}+Z`}
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      >
        Undo
      </ToolButton>
      <ToolButton
        label="Redo"
        keys={`${mod}+Shift+Z`}
        hint={`${modName}+Shift+Z`}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      >
        Redo
      </ToolButton>
    </div>
  );
}

function ToolButton({
  label,
  keys,
  hint,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  keys?: string;
  hint?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
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

/** A modal dialog that opens itself and gives focus back to the editor when it closes. */
function useModal(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const onCancel = (e: { preventDefault(): void }) => {
    e.preventDefault();
    onClose();
  };
  return { ref, onCancel };
}

function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const existing = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [address, setAddress] = useState(existing);
  const [error, setError] = useState<string>();
  const modal = useModal(onClose);
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    // React passes events up its own tree, portals included: keep this from saving the post.
    e.stopPropagation();
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
    <dialog ref={modal.ref} className="qr-dialog" aria-labelledby="rte-link-title" onCancel={modal.onCancel}>
      <form onSubmit={apply} noValidate>
        <h2 id="rte-link-title">Link to a web page</h2>
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
        <div className="actions">
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
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}

function ImageDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [file, setFile] = useState<File>();
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ file?: string; alt?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const modal = useModal(onClose);
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const insert = async (e: React.FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
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
    <dialog ref={modal.ref} className="qr-dialog" aria-labelledby="rte-image-title" onCancel={modal.onCancel}>
      <form onSubmit={insert} noValidate>
        <h2 id="rte-image-title">Add a picture</h2>
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
        <div className="actions">
          <button type="submit" className="btn btn-primary" aria-disabled={busy}>
            {busy ? 'Uploading…' : 'Add picture'}
          </button>
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
