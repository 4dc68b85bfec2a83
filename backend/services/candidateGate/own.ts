/**
 * A candidate's stored values read for work on the rows themselves, never to be shown to anyone: the
 * duplicates capability compares two profiles, moves one into the other and computes match keys; an
 * erasure finds every copy of the person to remove it. What a person is shown of these profiles
 * goes through the rest of the gate (or, in the console's review of a pair, through the declared
 * field permissions, as the console's generic routes).
 */
import type { Knex } from 'knex';

/**
 * The whole stored rows of candidates `ids` (as JSON: `to_jsonb`, the shape a merge's journal keeps
 * them in), by id; locked until the transaction ends with `forUpdate`. Read to compare them (a
 * pair's default choices in the review), to move one into the other (a merge) or to erase them:
 * never shown.
 */
export async function storedRows(
  knex: Knex | Knex.Transaction,
  ids: number[],
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [];
  const { rows } = await knex.raw(
    `select to_jsonb(c) as r from candidates c where id = any(?::int[]) order by id${forUpdate ? ' for update' : ''}`,
    [[...new Set(ids)]],
  );
  return (rows as { r: Record<string, unknown> }[]).map((x) => x.r);
}

/**
 * An SQL source (a parenthesised select, with its bindings) of the columns a candidate's match keys
 * are computed from: id, first_name, last_name, email, phone, linked_in_url, github_url and
 * current_location_id (the country a national phone number is read with), of candidates `ids`, or of
 * every candidate when 'all' (then without bindings, so it may be named more than once in one
 * statement). Read to compute match keys (duplicates/keys.ts), never shown.
 */
export function matchKeySource(ids: number[] | 'all'): { sql: string; bindings: Knex.RawBinding[] } {
  const select = `select id, first_name, last_name, email, phone, linked_in_url, github_url, current_location_id
                    from candidates`;
  return ids === 'all'
    ? { sql: `(${select})`, bindings: [] }
    : { sql: `(${select} where id = any(?::int[]))`, bindings: [ids] };
}
