import type { AdminBlogCreate, AdminBlogDetail, AdminBlogUpdate } from '~/features/blogs/admin.schema';
import type { BlogReviewInput, MyBlog } from '~/features/blogs/blogs.schema';
import { adminFetch } from '~/islands/shared/admin/adminApi';

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
