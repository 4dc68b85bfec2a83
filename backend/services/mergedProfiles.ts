/**
 * Where a merged profile lives now (backend/features/duplicates merges two profiles into one): read by the duplicates'
 * console redirect and by a board's profile opened through an old link (backend/features/search/profile.ts).
 */
import type { Knex } from 'knex';

/** The profile a merged id now lives in, through any chain of merges; undefined when it was never merged. */
export async function survivorOf(knex: Knex, mergedId: number): Promise<number | undefined> {
  const { rows } = await knex.raw(
    `with recursive chain(id, depth) as (
       select survivor_id, 1 from candidate_merges where merged_id = ? and undone_at is null
       union all
       select m.survivor_id, c.depth + 1 from chain c join candidate_merges m on m.merged_id = c.id and m.undone_at is null
        where c.depth < 20)
     select c.id from chain c join candidates p on p.id = c.id order by c.depth desc limit 1`,
    [mergedId],
  );
  return (rows[0] as { id: number } | undefined)?.id;
}
