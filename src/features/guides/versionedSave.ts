/**
 * A guide's text saved by version (a running record, a weekly note): version 0 writes the first one
 * (refused if another was written meanwhile), any other version writes over that version only (refused
 * if someone saved since). Of two saves made from the same version, one wins; the other gets `stale()`.
 */
export async function saveVersion<Row>(
  version: number,
  write: { first: () => Promise<Row[]>; over: () => Promise<Row[]> },
  stale: () => Error,
): Promise<Row> {
  const [row] = await (version === 0 ? write.first() : write.over());
  if (!row) throw stale();
  return row;
}
