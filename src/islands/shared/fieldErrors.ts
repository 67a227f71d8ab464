/** Where a form's errors go (browser-safe, no React): each message beside its field. */

/** Server field keys such as `interests.0` belong to the field `interests`. */
export function byField(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key.replace(/^registration\./, '').split('.')[0] ?? key;
    out[field] ??= message;
  }
  return out;
}

/** The first message for each field of a failed validation, keyed by its top-level field. */
export function issuesByField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0] ?? 'form')] ??= issue.message;
  return out;
}
