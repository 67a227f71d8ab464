/**
 * What an unexpected error may say in the log. Database errors carry the query's parameters
 * (emails, children's names) in their message: only their name, code and constraint are kept.
 */
export function safeErrorFields(error: unknown) {
  const err = error as {
    name?: string;
    code?: string;
    constraint?: string;
    query?: unknown;
    cause?: { name?: string; code?: string; constraint?: string; message?: string };
  };
  const code = err?.code ?? err?.cause?.code;
  const constraint = err?.constraint ?? err?.cause?.constraint;
  // Drizzle's wrapper is recognised by its query (a bundle may rename the class): its message and
  // stack name the parameters.
  const isDatabase = code !== undefined || err?.name === 'DrizzleQueryError' || err?.query !== undefined;
  // A cause without a server code failed on our side of the connection (a timeout, a dropped
  // socket): its message names no data, and says what happened.
  const connection = isDatabase && err?.cause && !err.cause.code ? err.cause : undefined;
  return {
    errorName: err?.name ?? typeof error,
    ...(code ? { dbCode: code } : {}),
    ...(constraint ? { constraint } : {}),
    ...(connection ? { cause: `${connection.name ?? 'Error'}: ${connection.message ?? ''}` } : {}),
    ...(isDatabase ? {} : { stack: error instanceof Error ? error.stack : undefined }),
  };
}
