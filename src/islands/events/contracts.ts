import { lazyContracts } from '~/platform/client/api';

/** The event contracts, loaded for signed-in families only: a first visit to an event loads no schemas. */
export const eventContracts = lazyContracts(() =>
  import('~/features/events/events.api').then((m) => m.eventsApi),
);
