import { adminApi } from '~/features/admin/admin.api';
import { recordOf, useRecord } from '~/islands/shared/admin/useRecord';

/** One account as the team sees it, loaded by id; an unknown or malformed id is "missing". */
export const useAdminUser = (id: string) =>
  useRecord(recordOf(adminApi.user, id), 'The account could not be loaded.');
