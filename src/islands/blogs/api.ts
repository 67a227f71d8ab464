import type { BlogImage, BlogUpdateInput, MyBlog, MyBlogDetail } from '~/features/blogs/blogs.schema';
import { ApiClientError, apiFetch } from '~/platform/client/api';
import { currentIdToken } from '~/platform/identity/identity.client';
import { publicConfig } from '~/platform/publicConfig';

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
    const token = await currentIdToken();
    let res: Response;
    try {
      res = await fetch(`${publicConfig.apiBase}/api/me/blog-images`, {
        method: 'POST',
        headers: { 'content-type': file.type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: file,
        signal: AbortSignal.timeout(60_000),
      });
    } catch {
      throw new ApiClientError(
        0,
        'network',
        'We could not reach Quill Reads. Check your connection and try again.',
      );
    }
    const data = (await res.json().catch(() => null)) as
      | (BlogImage & { error?: { code: string; message: string } })
      | null;
    if (!res.ok || !data?.url) {
      throw new ApiClientError(
        res.status,
        data?.error?.code ?? 'unknown',
        data?.error?.message ?? 'The picture could not be uploaded. Please try again.',
      );
    }
    return { url: data.url };
  },
};
