/**
 * A merged profile's id keeps working: GET /candidates/<merged id> answers 308 with the address of
 * the profile it was merged into (following later merges), for whoever may read candidates in the
 * console. Anyone else, and any id that still names a profile or was never merged, goes on to the
 * ordinary route, which answers as it would for an id that names nothing. A company's old link, a board's panel opened
 * by the merged id, opens the survivor there through the board's reach and the gate (search/profile.ts).
 */
import type { Knex } from 'knex';
import { entity } from '../../../schema';
import { formatId, parseId } from '../../../schema/lib/ids';
import { defineEndpoint } from '../../endpoints/define';
import { survivorOf } from '../../services/mergedProfiles';

export { survivorOf };

const candidate = entity('candidate');

/**
 * `survivorId` and the ids of the profiles merged into it, directly or through a chain of merges, undone merges left
 * out (a subquery of `id`, for a whereIn): rows kept under a merged id (the data rights log, references.ts) are the
 * survivor's person's too.
 */
export function personIds(knex: Knex, survivorId: number): Knex.QueryBuilder {
  const chain = knex.raw(
    `(with recursive chain(id, depth) as (
        select merged_id, 1 from candidate_merges where survivor_id = ? and undone_at is null
        union
        select m.merged_id, c.depth + 1 from chain c join candidate_merges m on m.survivor_id = c.id and m.undone_at is null
         where c.depth < 20)
      select ?::int as id union select id from chain) person_ids`,
    [survivorId, survivorId],
  );
  return knex.select('id').from(chain);
}

export const redirectEndpoint = defineEndpoint({
  method: 'get',
  path: '/candidates/:id',
  summary: "A merged profile's id redirects to the profile it was merged into",
  access: 'signedIn',
  raw: true,
  handler: async ({ req, res, next, ability, ctx }) => {
    const id = parseId(candidate, req.params.id);
    if (id === undefined || !ability.can('read', 'Candidate') || ability.cannot('update', 'CandidateDuplicate'))
      return next();
    const exists = (await ctx.knex.raw('select 1 from candidates where id = ?', [id])).rows.length > 0;
    const survivor = exists ? undefined : await survivorOf(ctx.knex, id);
    if (survivor === undefined) return next();
    res.redirect(308, `${req.baseUrl}/candidates/${encodeURIComponent(String(formatId(candidate, survivor)))}`);
  },
});
