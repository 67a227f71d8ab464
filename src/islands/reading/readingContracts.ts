import { lazyContracts } from '~/platform/client/api';

/**
 * The reading log's contracts and the entry form's schema, loaded with the first call: the log
 * draws the last visit's copy before zod and the schemas run (decision 35). A signed-in page's
 * HTML preloads the file, so the first call does not wait for it.
 */
export const readingContracts = lazyContracts(async () => {
  const [api, schema] = await Promise.all([
    import('~/features/reading/reading.api'),
    import('~/features/reading/reading.schema'),
  ]);
  return { ...api.readingApi, entryInput: schema.readingEntryInput };
});
