import type { AdminBlogDetail } from '~/features/blogs/admin.schema';
import { recordPath, useRecord } from '~/islands/shared/admin/useRecord';

/** One post from the admin API; an id that is not one, or no such post, is the not-found state. */
export const usePost = (id: string) => useRecord<AdminBlogDetail>(recordPath('/api/admin/blogs', id));
