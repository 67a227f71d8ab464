import type { AdminUserView } from '~/features/admin/users.schema';
import { recordPath, useRecord } from '~/islands/shared/admin/useRecord';

/** One account as the team sees it, loaded by id; an unknown or malformed id is "missing". */
export const useAdminUser = (id: string) =>
  useRecord<AdminUserView>(recordPath('/api/admin/users', id), 'The account could not be loaded.');
