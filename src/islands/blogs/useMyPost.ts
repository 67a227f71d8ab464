import { navigate } from 'astro:transitions/client';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { blogsApi } from '~/features/blogs/blogs.api';
import {
  type BlogUpdateInput,
  blogUpdateInputSchema,
  type MyBlogDetail,
} from '~/features/blogs/blogs.schema';
import { issuesByField } from '~/islands/shared/Field';
import { failedLoad } from '~/islands/shared/loadState';
import { call } from '~/platform/client/api';
import { isUuid } from '~/platform/ids';
import { pagePath } from '~/platform/routes';
import { useCreateKey, usePostDraft } from './PostFields';

/** The post's parts the editor shows besides its words: its text, child, signature, status and note. */
export type MyPost = Pick<
  MyBlogDetail,
  'title' | 'contentHtml' | 'excerpt' | 'childId' | 'authorName' | 'status' | 'reviewNote'
>;

export type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'ready' };

const NEW: MyPost = {
  title: '',
  contentHtml: '',
  excerpt: '',
  childId: null,
  authorName: '',
  status: 'draft',
  reviewNote: null,
};

/** What a failure that is not an answer of the API says. */
const FALLBACK = 'Your post could not be saved. Please try again.';

const SENT_FOR_REVIEW =
  'Sent for review. Our team reads every post within a few days; you will see the result in My blog posts, and your child gets a notification.';

type Draft = ReturnType<
  typeof usePostDraft<{ title: string; excerpt: string; childId: string; authorName: string }>
>;

/**
 * One of the family's posts in the editor: loaded from the address ('new' for one not saved yet),
 * its words in a draft, the question asked before sending or deleting it (`confirm`), and the
 * actions on it.
 */
export function useMyPost(postId: string) {
  const [post, setPost] = useState(NEW);
  const draft = usePostDraft({ title: '', excerpt: '', childId: '', authorName: '' }, true);
  const { setDraft } = draft;
  const [confirm, setConfirm] = useState<'submit' | 'delete' | null>(null);
  const fill = useCallback(
    (detail: MyPost) => {
      setPost(detail);
      setDraft({
        title: detail.title,
        excerpt: detail.excerpt,
        childId: detail.childId ?? '',
        authorName: detail.authorName,
      });
    },
    [setDraft],
  );
  const load = usePostLoad(postId, fill);
  const saving = useSavePost(postId, draft, fill);
  const actions = useMyPostActions(saving, draft, setPost);
  return { post, draft, load, confirm, setConfirm, ...saving, ...actions };
}

/** The post of the address, loaded once: loading, missing, failed or ready. */
function usePostLoad(postId: string, fill: (detail: MyPost) => void) {
  const [load, setLoad] = useState<Load>(
    postId === 'new' ? { status: 'ready' } : isUuid(postId) ? { status: 'loading' } : { status: 'missing' },
  );
  useEffect(() => {
    if (postId === 'new' || !isUuid(postId)) return;
    let live = true;
    call(blogsApi.myGet, { params: { id: postId } })
      .then((detail) => {
        if (!live) return;
        fill(detail);
        setLoad({ status: 'ready' });
      })
      .catch((error: unknown) => live && setLoad(failedLoad(error, (error as Error).message)));
    return () => {
      live = false;
    };
  }, [postId, fill]);
  return load;
}

/**
 * Checking and saving the post: `checked()` is the post as the API takes it once its schema finds
 * nothing to fix (its complaints go beside the fields); `save` makes the post the first time (one
 * idempotency key for every try) and updates it after, and answers its id.
 */
function useSavePost(postId: string, draft: Draft, fill: (detail: MyPost) => void) {
  const [id, setId] = useState(postId === 'new' ? null : postId);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const createKey = useCreateKey();

  const checked = (): BlogUpdateInput | null => {
    const { title, excerpt, childId, authorName } = draft.draft;
    const payload: BlogUpdateInput = {
      title,
      contentHtml: draft.contentHtml(),
      excerpt,
      childId: childId || null,
      ...(authorName.trim() ? { authorName } : {}),
    };
    const parsed = blogUpdateInputSchema.safeParse(payload);
    if (parsed.success) return payload;
    draft.setErrors(issuesByField(parsed.error.issues));
    return null;
  };

  const save = async (payload: BlogUpdateInput): Promise<string> => {
    let saved: MyBlogDetail;
    if (id) saved = await call(blogsApi.myUpdate, { params: { id }, body: payload });
    else {
      const { childId: child, ...rest } = payload;
      const created = await call(blogsApi.myCreate, {
        body: { ...rest, ...(child ? { childId: child } : {}) },
        idempotencyKey: createKey.current(),
      });
      // The post exists: from here on it is saved by its id, whatever happens next.
      setId(created.id);
      createKey.made();
      // The address now names the saved post, so a reload opens it.
      window.history.replaceState(window.history.state, '', pagePath('/user/myblogs/{id}', created.id));
      saved = await call(blogsApi.myGet, { params: { id: created.id } });
    }
    fill(saved);
    draft.setDirty(false);
    setSavedAt(new Date());
    return saved.id;
  };

  return { id, savedAt, checked, save };
}

/**
 * What the family does with the post, one at a time (`pending` names it): save the draft, send it
 * for review (saved first), or delete it. `notice` says what happened.
 */
function useMyPostActions(
  { id, checked, save }: ReturnType<typeof useSavePost>,
  { submit, busy, setDirty }: Draft,
  setPost: (change: (post: MyPost) => MyPost) => void,
) {
  const [notice, setNotice] = useState<string>();

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice(undefined);
    const payload = checked();
    if (!payload) return;
    await submit(
      async () => {
        await save(payload);
      },
      { what: 'save', fallback: FALLBACK },
    );
  };

  const onSubmitForReview = async () => {
    const payload = checked();
    if (!payload) return;
    await submit(
      async () => {
        const result = await call(blogsApi.mySubmit, { params: { id: await save(payload) } });
        setPost((p) => ({ ...p, status: result.status, reviewNote: result.reviewNote }));
        setNotice(SENT_FOR_REVIEW);
      },
      { what: 'submit', fallback: FALLBACK },
    );
  };

  const onDelete = async () => {
    if (!id) return;
    await submit(
      async () => {
        await call(blogsApi.myDelete, { params: { id } });
        setDirty(false);
        await navigate(pagePath('/user/myblogs'));
      },
      { what: 'delete', fallback: 'Your post could not be deleted. Please try again.' },
    );
  };

  return { notice, setNotice, onSave, onSubmitForReview, onDelete };
}

export type MyPostEditor = ReturnType<typeof useMyPost>;
