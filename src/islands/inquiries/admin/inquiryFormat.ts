/** "12 Jan 2025, 09:30" in the administrator's own time zone. */
export const receivedAt = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
