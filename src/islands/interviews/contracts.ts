import { lazyContracts } from '~/platform/client/api';

/** The interview contracts, loaded for signed-in families only: a first visit loads no schemas. */
export const interviewContracts = lazyContracts(() =>
  import('~/features/interviews/interviews.api').then((m) => m.interviewsApi),
);
