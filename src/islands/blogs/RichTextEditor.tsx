import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { ImageDialog } from './ImageDialog';
import { LinkDialog } from './LinkDialog';
import { Toolbar } from './RichTextToolbar';

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

/**
 * Tiptap with headings, emphasis, lists, https links and pictures, named and described like a
 * field; Ctrl/⌘+K asks for a link (`onLinkKey`). Its error state follows `invalid` once it exists.
 */
function useRichText(
  { initialHtml, labelledBy, describedBy, invalid, onChange, onReady }: RichTextEditorProps,
  onLinkKey: () => void,
) {
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
          onLinkKey();
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
  return editor;
}

/** The post's text: Tiptap with a labelled toolbar; what it writes, the server sanitizes again. */
export function RichTextEditor(props: RichTextEditorProps) {
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const editor = useRichText(props, () => setDialog('link'));
  if (!editor) return null;
  return (
    <div className={`rte ${props.invalid ? 'rte-invalid' : ''}`}>
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
