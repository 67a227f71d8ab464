/**
 * The id in a record page's address (`/updateBooks/{id}`...), as its island takes it. The island
 * asks the API, and an unknown or malformed id is its not-found state; the length is capped so a
 * long address goes no further than here.
 */
export const recordId = (params: Record<string, string | undefined>): string =>
  String(params.id ?? '').slice(0, 64);
