import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { parseLinkAddress } from '~/features/blogs/myBlogs';
import { Field } from '~/islands/shared/Field';
import { EditorModal } from './EditorModal';

/** Makes the selected words a link to `href`; with nothing selected, adds the address itself as the link. */
function setLink(editor: Editor, href: string) {
  const chain = editor.chain().focus().extendMarkRange('link');
  if (editor.state.selection.empty && !editor.isActive('link')) {
    chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
  } else chain.setLink({ href }).run();
}

/** The dialog that adds a link, changes its address or removes it. */
export function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const existing = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [address, setAddress] = useState(existing);
  const [error, setError] = useState<string>();
  const apply = () => {
    const href = parseLinkAddress(address);
    if (!href) {
      setError('Enter a full web address starting with https://, such as https://www.example.org.');
      return;
    }
    setLink(editor, href);
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };
  return (
    <EditorModal
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
            <button type="button" className="btn btn-secondary" onClick={remove}>
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
    </EditorModal>
  );
}
