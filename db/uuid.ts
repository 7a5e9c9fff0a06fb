const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True when `id` can be a UUID column value. Repositories look up only such ids and answer
 * "not found" for the rest, so a malformed id from a request never reaches PostgreSQL (which
 * would reject the query) and is treated like an unknown one.
 */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
