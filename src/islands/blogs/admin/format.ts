/** "12 Mar 2026, 10:42" in the administrator's own clock. */
export const whenLabel = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
