/** The unique constraint a database error broke, if that is what it was (Postgres code 23505). */
export function uniqueViolation(error: unknown): string | undefined {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? 'unknown';
  }
  return undefined;
}
