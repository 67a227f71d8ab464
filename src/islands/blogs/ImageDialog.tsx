import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { blogsApi } from '~/features/blogs/blogs.api';
import { BLOG_IMAGE_TYPES, MAX_BLOG_IMAGE_BYTES } from '~/features/blogs/images';
import { Field } from '~/islands/shared/Field';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { EditorModal } from './EditorModal';

/** What to fix before the picture is sent: a picture of the right kind and size, and its description. */
function pictureProblems(file: File | undefined, alt: string): Record<string, string> {
  const found: Record<string, string> = {};
  if (!file) found.file = 'Choose a picture from your device.';
  else if (!(file.type in BLOG_IMAGE_TYPES)) found.file = 'Choose a JPEG, PNG or WebP picture.';
  else if (file.size > MAX_BLOG_IMAGE_BYTES) found.file = 'Choose a picture of 5 MB or less.';
  if (alt.trim().length < 3) found.alt = 'Describe the picture in a few words for readers who cannot see it.';
  return found;
}

/** The dialog that uploads a picture and puts it in the post with its description. */
export function ImageDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [file, setFile] = useState<File>();
  const [alt, setAlt] = useState('');
  const { submit, busy, errors, setErrors } = useSubmit();
  const insert = async () => {
    const found = pictureProblems(file, alt);
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) {
      document.getElementById(found.file ? 'rte-image-file' : 'rte-image-alt')?.focus();
      return;
    }
    await submit(
      async () => {
        const { url } = await call(blogsApi.uploadImage, { file, timeoutMs: 60_000 });
        editor.chain().focus().setImage({ src: url, alt: alt.trim() }).run();
        onClose();
      },
      { fallback: 'The picture could not be uploaded. Please try again.', fieldOf: () => ({}) },
    );
  };
  return (
    <EditorModal
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
    </EditorModal>
  );
}
