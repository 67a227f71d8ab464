import type { AdminBlogCreate, AdminBlogDetail, AdminBlogUpdate } from '~/lib/schemas/adminBlogs';
import type { BlogReviewInput, MyBlog } from '~/lib/schemas/blogs';
import { adminFetch } from '../admin/adminApi';

/** The admin console's blog calls (every one carries the administrator's fresh token). */
export const adminBlogsApi = {
  get: (id: string) => adminFetch<AdminBlogDetail>(`/api/admin/blogs/${id}`),
  create: (body: AdminBlogCreate) =>
    adminFetch<AdminBlogDetail>('/api/admin/blogs', { method: 'POST', body }),
  update: (id: string, body: AdminBlogUpdate) =>
    adminFetch<AdminBlogDetail>(`/api/admin/blogs/${id}`, { method: 'PATCH', body }),
  review: (id: string, body: BlogReviewInput) =>
    adminFetch<MyBlog>(`/api/admin/blogs/${id}/review`, { method: 'POST', body }),
};

/** "12 Mar 2026, 10:42" in the administrator's own clock. */
export const whenLabel = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
