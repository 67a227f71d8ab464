import { incrementNotificationCount } from './counts.store';

/**
 * Something this page did left the family a notification: the navbar counts it at once (the
 * spec's increment rule), then asks the server, whose number settles it: the live count may have
 * brought the same notification already (decision 36). Not in counts.store (every page's shell):
 * what the shell loads later, every page asks for with its HTML (modulePreloads.ts laterOf), and
 * the poller is for signed-in pages only.
 */
export function countNewNotification(userId: string) {
  incrementNotificationCount(userId);
  void import('./poller.store').then(({ poll }) => poll());
}
