import { blogsApi } from '~/features/blogs/blogs.api';
import { BLOG_IMAGE_TYPES, MAX_BLOG_IMAGE_BYTES } from '~/features/blogs/images';
import { Field, FieldError } from '~/islands/shared/Field';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';

export interface Cover {
  url: string | null;
  alt: string;
}

/** Why a chosen picture cannot be the cover, before it is sent; undefined when it can. */
function fileProblem(file: File): string | undefined {
  if (!(file.type in BLOG_IMAGE_TYPES)) return 'Choose a JPEG, PNG or WebP picture.';
  if (file.size > MAX_BLOG_IMAGE_BYTES) return 'Choose a picture of 5 MB or less.';
  return undefined;
}

/**
 * The post's cover picture: uploaded at once when chosen (resized, WebP, metadata stripped by the
 * server), shown as it will appear, with the description readers who cannot see it will hear.
 */
export function CoverField({
  cover,
  onChange,
  errors,
}: {
  cover: Cover;
  onChange: (cover: Cover, urlChanged: boolean) => void;
  errors: { coverUrl?: string | undefined; coverAlt?: string | undefined };
}) {
  // The upload's own errors: a file refused here, or the API's word on it.
  const upload = useSubmit();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) return upload.setErrors({ form: problem });
    await upload.submit(
      async () => {
        const { url } = await call(blogsApi.uploadImage, { file, timeoutMs: 60_000 });
        onChange({ ...cover, url }, true);
      },
      { fallback: 'The picture could not be uploaded. Please try again.', fieldOf: () => ({}) },
    );
  };

  const error = upload.errors.form ?? errors.coverUrl;
  return (
    <fieldset className="adminblogs-cover">
      <legend>Cover picture (optional)</legend>
      {cover.url && (
        <figure className="adminblogs-cover-preview">
          <img src={cover.url} alt="" />
          <figcaption className="hint">The current cover, as it will appear above the post.</figcaption>
        </figure>
      )}
      <div className="field">
        <label htmlFor="post-cover-file">{cover.url ? 'Replace the picture' : 'Choose a picture'}</label>
        <input
          id="post-cover-file"
          className="input"
          type="file"
          accept={Object.keys(BLOG_IMAGE_TYPES).join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`post-cover-file-hint${error ? ' post-coverUrl-error' : ''}`}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <p className="hint" id="post-cover-file-hint">
          JPEG, PNG or WebP, up to 5 MB. It is resized for the web and its camera details are removed.
        </p>
        <p role="status" className="hint">
          {upload.busy ? 'Uploading the picture…' : ''}
        </p>
        <FieldError id="post-coverUrl" error={error} />
      </div>
      {cover.url && <CoverDescription cover={cover} onChange={onChange} error={errors.coverAlt} />}
    </fieldset>
  );
}

/** The cover's description, and the way to remove the cover. */
function CoverDescription({
  cover,
  onChange,
  error,
}: {
  cover: Cover;
  onChange: (cover: Cover, urlChanged: boolean) => void;
  error: string | undefined;
}) {
  return (
    <>
      <Field
        id="post-coverAlt"
        label="Describe the cover picture"
        value={cover.alt}
        maxLength={200}
        onChange={(e) => onChange({ ...cover, alt: e.target.value }, false)}
        error={error}
        hint="Read aloud to readers who cannot see it, e.g. “Two children reading under a tree”."
      />
      <button
        type="button"
        className="btn btn-ghost btn-small"
        onClick={() => onChange({ url: null, alt: '' }, true)}
      >
        Remove the cover picture
      </button>
    </>
  );
}
