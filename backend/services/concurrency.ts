/**
 * Work over a list, a few items at a time: a request that fans out (a count per project, a vendor call per
 * candidate) holds at most `limit` database connections or outside calls at once, whatever the list's length.
 */

/** Runs `work` on every item, `limit` at a time. */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** `work` of every item, `limit` at a time, in the items' order. */
export async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  const indexed = items.map((item, i) => [item, i] as const);
  await eachLimited(indexed, limit, async ([item, i]) => {
    out[i] = await work(item);
  });
  return out;
}
