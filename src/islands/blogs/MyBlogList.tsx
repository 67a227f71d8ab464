import { useEffect, useState } from 'react';
import { blogsApi } from '~/features/blogs/blogs.api';
import type { MyBlog } from '~/features/blogs/blogs.schema';
import { MY_BLOG_STATUS } from '~/features/blogs/myBlogs';
import { Waiting } from '~/islands/shared/Spinner';
import { call } from '~/platform/client/api';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';
import './myBlogs.css';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; posts: MyBlog[] };

/** The family's posts with where each one is: draft, in review, published or returned with a note. */
export function MyBlogList() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // `attempt` changes when the family asks to try again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger.
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    call(blogsApi.myList, {})
      .then((posts) => live && setLoad({ state: 'ready', posts }))
      .catch((error: unknown) => live && setLoad({ state: 'failed', message: (error as Error).message }));
    return () => {
      live = false;
    };
  }, [attempt]);

  if (load.state === 'loading') {
    return <Waiting>Loading your posts…</Waiting>;
  }
  if (load.state === 'failed')
    return <PostsFailed message={load.message} onRetry={() => setAttempt((n) => n + 1)} />;
  if (load.posts.length === 0) {
    return (
      <section className="myblogs-panel surface myblogs-empty" aria-labelledby="posts-empty">
        <h2 id="posts-empty">You have not written a post yet</h2>
        <p>
          Share what reading looks like in your home: a book your child could not put down, a routine that
          works, a trip to the library. Our team reads every post before it appears on the blog.
        </p>
        <p className="actions">
          <NewPostLink />
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="posts-title">
      <div className="head-row myblogs-list-head">
        <h2 id="posts-title">Your posts</h2>
        <NewPostLink />
      </div>
      <ul className="myblogs-list">
        {load.posts.map((post) => (
          <PostItem key={post.id} post={post} />
        ))}
      </ul>
    </section>
  );
}

/** The list could not be loaded: why, and a way to try again. */
function PostsFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <section className="myblogs-panel surface" aria-labelledby="posts-failed">
      <h2 id="posts-failed">Your posts could not be loaded</h2>
      <p>{message}</p>
      <p className="actions">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try again
        </button>
      </p>
    </section>
  );
}

function NewPostLink() {
  return (
    <a className="btn btn-primary" href={pagePath('/user/myblogs/{id}', 'new')}>
      Write a new post
    </a>
  );
}

/** One post: its title and status, when it was published or last changed, the reviewer's note, and a way in. */
function PostItem({ post }: { post: MyBlog }) {
  const status = MY_BLOG_STATUS[post.status];
  const href =
    post.status === 'approved' ? pagePath('/blogs/{id}', post.id) : pagePath('/user/myblogs/{id}', post.id);
  return (
    <li className="item-row surface myblogs-item">
      <div className="myblogs-item-main">
        <h3 className="myblogs-item-title">
          <a href={href}>{post.title}</a>
        </h3>
        <p className="myblogs-item-meta">
          <span className={`badge myblogs-badge myblogs-badge-${status.tone}`}>{status.label}</span>
          <span>
            {post.status === 'approved' && post.publishedAt
              ? `Published ${formatTime(post.publishedAt, 'date')}`
              : `Last changed ${formatTime(post.updatedAt, 'date')}`}
          </span>
        </p>
        {post.status === 'rejected' && post.reviewNote && (
          <div className="myblogs-note">
            <p className="myblogs-note-title">Note from our reviewer</p>
            <p>{post.reviewNote}</p>
          </div>
        )}
      </div>
      <a
        className="btn btn-secondary btn-small"
        href={href}
        aria-label={`${post.status === 'approved' ? 'Read' : 'Edit'} “${post.title}”`}
      >
        {post.status === 'approved' ? 'Read' : 'Edit'}
      </a>
    </li>
  );
}
