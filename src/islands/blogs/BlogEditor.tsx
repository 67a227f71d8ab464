import { useStore } from '@nanostores/react';
import { MY_BLOG_STATUS } from '~/features/blogs/myBlogs';
import { FormAlert, SelectField } from '~/islands/shared/Field';
import { Waiting } from '~/islands/shared/Spinner';
import { $userData } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';
import { MyPostActions, MyPostDialogs } from './MyPostActions';
import { PostPublished, PostUnavailable } from './MyPostPanels';
import { PostAuthorField, PostContentField, PostExcerptField, PostTitleField } from './PostFields';
import { type MyPostEditor, useMyPost } from './useMyPost';
import './myBlogs.css';

export interface BlogEditorProps {
  /** The post's id from the address, or "new" for a post not saved yet. */
  postId: string;
}

/** Writes or edits one of the family's posts, saves it as a draft and sends it for review. */
export function BlogEditor({ postId }: BlogEditorProps) {
  const editor = useMyPost(postId);
  const { load, post, id } = editor;
  if (load.status === 'loading') {
    return <Waiting>Opening your post…</Waiting>;
  }
  if (load.status === 'missing' || load.status === 'failed') return <PostUnavailable load={load} />;
  if (post.status === 'approved') return <PostPublished title={post.title} id={id} />;
  return <MyPostForm editor={editor} />;
}

/** The post's form: its status, the reviewer's note, its words and text, who wrote it with, and the actions. */
function MyPostForm({ editor }: { editor: MyPostEditor }) {
  const { post, id, draft, notice, setNotice, onSave } = editor;
  const { title, excerpt, childId, authorName } = draft.draft;
  const { errors, formRef, editorRef } = draft;
  const status = MY_BLOG_STATUS[post.status];
  const changed = () => {
    draft.setDirty(true);
    setNotice(undefined);
  };
  const change = (words: Partial<typeof draft.draft>) => {
    draft.edit(words);
    changed();
  };

  return (
    <form
      ref={formRef}
      className="myblogs-editor"
      onSubmit={onSave}
      noValidate
      aria-labelledby="editor-title"
    >
      <div className="head-row myblogs-editor-head">
        <h2 id="editor-title">{id ? 'Edit your post' : 'A new post'}</h2>
        <span className={`badge myblogs-badge myblogs-badge-${status.tone}`}>{status.label}</span>
      </div>
      <ReviewState status={post.status} reviewNote={post.reviewNote} />
      <FormAlert message={errors.form} />
      <div role="status" className="form-alert-region">
        {notice && <p className="form-alert form-alert-success">{notice}</p>}
      </div>

      <PostTitleField value={title} onValue={(v) => change({ title: v })} error={errors.title} />
      <PostContentField
        label="Your post"
        hint="Use headings and lists to make it easy to read. Keyboard shortcuts are shown on each button."
        initialHtml={post.contentHtml}
        error={errors.contentHtml}
        editorRef={editorRef}
        onChange={changed}
      />
      <PostExcerptField
        value={excerpt}
        onValue={(v) => change({ excerpt: v })}
        error={errors.excerpt}
        hint="Shown in the list of posts. Leave it empty and we use the first lines of your post."
      />
      <WrittenWith childId={childId} authorName={authorName} errors={errors} onChange={change} />

      <MyPostActions editor={editor} />
      <p>
        <a href={pagePath('/user/myblogs')}>Back to my blog posts</a>
      </p>
      <MyPostDialogs editor={editor} />
    </form>
  );
}

/** Where the post is in review: returned with the reviewer's note, or waiting. */
function ReviewState({
  status,
  reviewNote,
}: {
  status: MyPostEditor['post']['status'];
  reviewNote: string | null;
}) {
  if (status === 'rejected' && reviewNote) {
    return (
      <div className="myblogs-note" role="note" aria-label="Note from the reviewer">
        <p className="myblogs-note-title">Our reviewer asked for a few changes:</p>
        <p>{reviewNote}</p>
      </div>
    );
  }
  if (status === 'submitted') {
    return (
      <p className="myblogs-info">
        This post is waiting for review. Editing takes it out of the review queue until you submit again.
      </p>
    );
  }
  return null;
}

/** Who the post was written with (they hear when it is reviewed), and how it is signed. */
function WrittenWith({
  childId,
  authorName,
  errors,
  onChange,
}: {
  childId: string;
  authorName: string;
  errors: Record<string, string>;
  onChange: (words: { childId?: string; authorName?: string }) => void;
}) {
  const familyChildren = useStore($userData)?.children ?? [];
  return (
    <div className="field-pair">
      <SelectField
        id="post-childId"
        label="Written with"
        value={childId}
        options={[['', 'Nobody in particular'], ...familyChildren.map((c) => [c._id, c.name] as const)]}
        onChange={(e) => onChange({ childId: e.target.value })}
        error={errors.childId}
        hint="They get a notification when the post is reviewed."
      />
      <PostAuthorField
        label="Pen name"
        hint="How the post is signed, e.g. “Jordan, Maya’s dad”. Empty: your account name."
        value={authorName}
        onValue={(v) => onChange({ authorName: v })}
        error={errors.authorName}
      />
    </div>
  );
}
