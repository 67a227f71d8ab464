import { lazyContracts } from '~/platform/client/api';

/**
 * The program's contracts, loaded with the first call: the plan, the wall and the profile draw the
 * last visit's copy before zod and the schemas run (decision 35). A signed-in page's HTML preloads
 * the file, so the first call does not wait for it.
 */
export const programContracts = lazyContracts(() =>
  import('~/features/program/program.api').then((m) => m.programApi),
);
