import { DomainError, notFound } from '~/platform/errors';
import type { EventChangeResult } from './admin.server';

/** What a change of an event comes to: the event and who was told, or the refusal that says why not. */
export function eventChanged(result: EventChangeResult) {
  switch (result.kind) {
    case 'ok':
      return { event: result.event, notified: result.notified };
    case 'not_found':
      throw notFound('That event');
    case 'cancelled':
      throw new DomainError('event_cancelled', 'This event is already cancelled, so it cannot be changed.');
    case 'over':
      throw new DomainError('event_over', 'This event has already taken place, so it cannot be cancelled.');
    case 'invalid':
      throw new DomainError('validation_failed', 'Some of what was sent is not valid.', result.fields);
    case 'capacity': {
      const taken = result.seatsTaken;
      const message = `${taken} ${taken === 1 ? 'seat is' : 'seats are'} already taken: the capacity cannot go below ${taken}.`;
      throw new DomainError('conflict', message, { capacity: message });
    }
  }
}
