import type { Editor } from '@tiptap/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { describedBy, Field, FieldError, TextAreaField } from '~/islands/shared/Field';
import { useSubmit } from '~/islands/shared/useSubmit';
import { newIdempotencyKey } from '~/platform/client/api';
import { RichTextEditor } from './RichTextEditor';

/** The words of a post that both editors (the family's and the team's) keep while it is written. */
export interface PostWords {
  title: string;
  excerpt: string;
  authorName: string;
}

/**
 * What the family's editor and the team's editor share while a post is written: its words, the
 * rich-text editor, its submissions (`useSubmit`: errors by field, focus going to the first field
 * marked) and whether anything is unsaved, with a warning before the page is left (`warnOnRoute`:
 * also when a link of the site is followed, not only when the browser leaves).
 */
export function usePostDraft<D extends PostWords>(initial: D, warnOnRoute: boolean) {
  const [draft, setDraft] = useState(initial);
  const { submit, busy, pending, errors, setErrors } = useSubmit();
  const [dirty, setDirty] = useState(false);
  const editorRef = useRef<Editor | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!dirty) return;
    const message = 'You have changes that are not saved. Leave this page and lose them?';
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const beforeRoute = (event: Event) => {
      if (!window.confirm(message)) event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    if (warnOnRoute) document.addEventListener('astro:before-preparation', beforeRoute);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      if (warnOnRoute) document.removeEventListener('astro:before-preparation', beforeRoute);
    };
  }, [dirty, warnOnRoute]);

  useEffect(() => {
    if (Object.keys(errors).some((k) => k !== 'form'))
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  /** The post's HTML as it is now; '' while the editor is empty. */
  const contentHtml = () => {
    const editor = editorRef.current;
    return editor && !editor.isEmpty ? editor.getHTML() : '';
  };
  /** Changes some words; the post has unsaved changes. */
  const edit = (change: Partial<D>) => {
    setDraft((d) => ({ ...d, ...change }));
    setDirty(true);
  };

  return {
    draft,
    setDraft,
    edit,
    submit,
    busy,
    pending,
    errors,
    setErrors,
    dirty,
    setDirty,
    editorRef,
    formRef,
    contentHtml,
  };
}

/**
 * The idempotency key of a post's first save, whichever button makes it ("Save draft", "Submit for
 * review", "Publish now"; `useSubmit` keeps a key per button): every try sends the same key until
 * the post exists, so it is made once even when an answer was lost.
 */
export function useCreateKey() {
  const key = useRef<string | null>(null);
  return {
    /** The key for this try of the create. */
    current: () => {
      key.current ??= newIdempotencyKey();
      return key.current;
    },
    /** The post exists: the next create is another post. */
    made: () => {
      key.current = null;
    },
  };
}

/** What a text field of the post needs: its value, the way to change it, and its error. */
interface TextFieldProps {
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
}

export function PostTitleField({ value, onValue, error }: TextFieldProps) {
  return (
    <Field
      id="post-title"
      label="Title"
      value={value}
      maxLength={150}
      onChange={(e) => onValue(e.target.value)}
      error={error}
      hint="3 to 150 characters."
    />
  );
}

/** The post's text: the rich-text editor, named by a visible label, with its hint and error. */
export function PostContentField({
  label,
  hint,
  initialHtml,
  error,
  editorRef,
  onChange,
}: {
  label: string;
  hint: string;
  initialHtml: string;
  error: string | undefined;
  editorRef: RefObject<Editor | null>;
  onChange: () => void;
}) {
  return (
    <div className="field">
      <span className="myblogs-label" id="post-content-label">
        {label}
      </span>
      <p className="hint" id="post-contentHtml-hint">
        {hint}
      </p>
      <RichTextEditor
        initialHtml={initialHtml}
        labelledBy="post-content-label"
        describedBy={describedBy('post-contentHtml', hint, error)}
        invalid={Boolean(error)}
        onReady={(editor) => {
          editorRef.current = editor;
        }}
        onChange={(editor) => {
          editorRef.current = editor;
          onChange();
        }}
      />
      <FieldError id="post-contentHtml" error={error} />
    </div>
  );
}

export function PostExcerptField({ value, onValue, error, hint }: TextFieldProps & { hint: string }) {
  return (
    <TextAreaField
      id="post-excerpt"
      label="Summary (optional)"
      className="myblogs-excerpt"
      value={value}
      maxLength={300}
      onChange={(e) => onValue(e.target.value)}
      error={error}
      hint={hint}
    />
  );
}

/** How the post is signed. */
export function PostAuthorField({
  label,
  hint,
  value,
  onValue,
  error,
}: TextFieldProps & { label: string; hint: string }) {
  return (
    <Field
      id="post-authorName"
      label={label}
      value={value}
      maxLength={80}
      autoComplete="off"
      onChange={(e) => onValue(e.target.value)}
      error={error}
      hint={hint}
    />
  );
}
