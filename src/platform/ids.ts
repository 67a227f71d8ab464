/** The shape of the ids the database makes (uuid): anything else names nothing here. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a string can be one of our ids. Pages check an id from their address before asking
 * the API about it, and the server before using one from a payment event or a cursor.
 */
export const isUuid = (value: string): boolean => UUID.test(value);
