import { lazyContracts } from '~/platform/client/api';

/**
 * The notifications' contracts, loaded with the first call: the page draws the last visit's copy
 * before zod and the schemas run (decision 35). A signed-in page's HTML preloads the file, so the
 * first call does not wait for it.
 */
export const notificationsContracts = lazyContracts(() =>
  import('~/features/notifications/notifications.api').then((m) => m.notificationsApi),
);
