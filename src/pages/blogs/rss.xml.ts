import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { BLOG_FEED_PATH } from '~/features/blogs/blogs';
import { latestPublishedPosts } from '~/features/blogs/blogs.server';
import { cachePublicly } from '~/platform/http/pageCache';
import { siteUrl } from '~/platform/publicConfig';
import { pagePath } from '~/platform/routes';
import { getDatabase } from '~/platform/runtime.server';

// Rendered on request like the list, so feed readers see a post once it is approved.
export const prerender = false;

export const GET: APIRoute = async () => {
  const { db } = await getDatabase();
  const posts = await latestPublishedPosts(db, 20);
  const response = await rss({
    title: 'Quill Reads blog',
    description:
      'Practical ideas, honest stories and book recommendations about reading with children, from the Quill Reads team and families.',
    site: siteUrl,
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom', dc: 'http://purl.org/dc/elements/1.1/' },
    customData: `<language>en</language><atom:link href="${new URL(BLOG_FEED_PATH, siteUrl).href}" rel="self" type="application/rss+xml"/>`,
    items: posts.map((post) => ({
      title: post.title,
      link: pagePath('/blogs/{id}', post.id),
      pubDate: new Date(post.publishedAt),
      description: post.excerpt,
      content: post.contentHtml,
      customData: `<dc:creator><![CDATA[${post.authorName.replace(/]]>/g, ']]&gt;')}]]></dc:creator>`,
    })),
  });
  const headers = new Headers(response.headers);
  headers.set('Content-Type', 'application/rss+xml; charset=utf-8');
  cachePublicly(headers);
  return new Response(response.body, { status: response.status, headers });
};
