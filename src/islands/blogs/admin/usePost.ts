import { blogsApi } from '~/features/blogs/blogs.api';
import { recordOf, useRecord } from '~/islands/shared/admin/useRecord';

/** One post from the admin API; an id that is not one, or no such post, is the not-found state. */
export const usePost = (id: string) => useRecord(recordOf(blogsApi.adminGet, id));
