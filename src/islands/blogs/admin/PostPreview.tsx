import type { AdminBlogDetail } from '~/features/blogs/admin.schema';
import '~/features/blogs/post.css';
import { formatTime } from '~/platform/time';

/**
 * A post as /blogs/{id} shows it: the same markup and stylesheet, with the HTML the server
 * sanitized through the public page's allow-list. Its title is an h2 here, under the page's h1.
 */
export function PostPreview({ post }: { post: AdminBlogDetail }) {
  // A post in review would be published today if approved now.
  const date = new Date(post.publishedAt ?? Date.now());
  return (
    <div className="adminblogs-preview">
      <p className="adminblogs-preview-label" id="preview-label">
        {post.status === 'approved' ? 'As it is published' : 'As it will look when published'}
      </p>
      <article className="post" aria-labelledby="preview-title">
        <header className="post-header">
          <div className="post-header-inner adminblogs-preview-inner">
            <p className="eyebrow">Blogs</p>
            <h2 className="post-title" id="preview-title">
              {post.title}
            </h2>
            <p className="post-meta">
              <span>By {post.authorName}</span>
              <span aria-hidden="true">·</span>
              <time dateTime={date.toISOString()}>{formatTime(date, 'date')}</time>
              <span aria-hidden="true">·</span>
              <span>{post.readingMinutes} min read</span>
            </p>
          </div>
        </header>
        <div className="adminblogs-preview-inner adminblogs-preview-body">
          {post.coverUrl && (
            <figure className="post-cover">
              <img src={post.coverUrl} alt={post.coverAlt} decoding="async" />
            </figure>
          )}
          {/* Sanitized by the server through the same allow-list as the public page. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitized HTML, as on /blogs/{id}. */}
          <div className="prose post-body" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
        </div>
      </article>
    </div>
  );
}
