import type { BlogImage, BlogUpdateInput, MyBlog, MyBlogDetail } from '~/features/blogs/blogs.schema';
import { uploadFile } from '~/islands/shared/uploadFile';
import { ApiClientError, apiFetch } from '~/platform/client/api';
import { currentIdToken } from '~/platform/identity/identity.client';

/** The family's own posts, through the API (every call carries a fresh sign-in token). */
export const myBlogsApi = {
  list: async () => apiFetch<MyBlog[]>('/api/me/blogs', { token: await currentIdToken() }),
  get: async (id: string) => apiFetch<MyBlogDetail>(`/api/me/blogs/${id}`, { token: await currentIdToken() }),
  create: async (body: BlogUpdateInput) =>
    apiFetch<MyBlog>('/api/me/blogs', { method: 'POST', body, token: await currentIdToken() }),
  update: async (id: string, body: BlogUpdateInput) =>
    apiFetch<MyBlogDetail>(`/api/me/blogs/${id}`, { method: 'PATCH', body, token: await currentIdToken() }),
  submit: async (id: string) =>
    apiFetch<MyBlog>(`/api/me/blogs/${id}/submit`, { method: 'POST', token: await currentIdToken() }),
  remove: async (id: string) =>
    apiFetch<null>(`/api/me/blogs/${id}`, { method: 'DELETE', token: await currentIdToken() }),

  /** Sends a picture as the raw body; answers the address to insert. */
  async uploadImage(file: File): Promise<BlogImage> {
    const fallback = 'The picture could not be uploaded. Please try again.';
    const data = await uploadFile<BlogImage | null>('/api/me/blog-images', file, {
      timeoutMs: 60_000,
      fallback,
    });
    if (!data?.url) throw new ApiClientError(200, 'unknown', fallback);
    return { url: data.url };
  },
};
