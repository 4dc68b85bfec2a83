/**
 * The live event of the Suggested tabs a change to candidates leaves behind (the `suggested_live` job, queued by the
 * triggers of migrations/20261207175500): a candidate there only through a project's saved filters has no pipeline
 * row, so no board trigger knows the project. As the alerts' run does (alerts/match.ts), the changed candidates'
 * search documents, as they are now and as they were before, go into one small indexed table, and every
 * saved-search project's filters are asked of it at once, as branches of one statement per CHUNK projects: a few
 * statements over the changed set, never a search of the pool per project, and nothing at write time but the job's
 * row (only while some project has a saved search). Each project's filters are asked as its company's people read
 * them and as admins do (admin-only keys), without the statuses and consent a viewer meets, so a candidate who paused,
 * hid or withdrew is found where they were shown. A project found raises the bare `pipeline.candidate` event its open
 * boards reload on, `.admins` when the company met none of them (not active before nor after: live/events.ts); a
 * project whose pipeline holds them heard already (20261207143507). A statement of more than the triggers' cap of
 * candidates (`all`) raises it for every saved-search project.
 * What it costs: at write time, per statement that changes candidates, one look for a project with saved filters and
 * one job row carrying the ids and at most 100 documents before. Per job, each saved-search project's filters are
 * built again (two viewers for a company's project: O(projects) in the worker, as an alerts run builds them) and asked
 * in one statement per 200 projects over the job's few documents, then one insert of the events; the pool is never
 * scanned. A job per statement is not folded with the next: many small edits are many small jobs.
 */
import type { Knex } from 'knex';
import { abilityFor } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import { searchContext, whereOf } from '../search';
import { projectsWithSavedFilters, type ProjectRow } from './access';
import { savedSearch } from './tabs';

/** Projects asked per statement, as alerts/match.ts. */
const CHUNK = 200;
/** The project event a board reloads on; admins only when the company met none of the candidates found. */
const KIND = `'pipeline.candidate' || case when bool_or(m.company and m.met) then '' else '.admins' end`;

export interface SuggestedChange {
  candidateIds: number[];
  /** The documents as they were before the change (rows of candidate_search_documents as JSON). */
  before: unknown[];
  all: boolean;
}

const ADMIN: Actor = { role: 'admin', adminType: 'general' };
const companyActor = (p: ProjectRow): Actor => ({
  role: 'company',
  subRole: 'owner',
  companyId: p.companyId ?? undefined,
});

/** One branch per project and kind of viewer whose saved filters name something. */
async function branches(trx: Knex.Transaction, projects: ProjectRow[]) {
  const { stats, rates } = await searchContext(trx as Knex);
  const out: { sql: string; bindings: unknown[] }[] = [];
  for (const p of projects)
    for (const [actor, company] of p.companyId
      ? ([
          [companyActor(p), true],
          [ADMIN, false],
        ] as const)
      : ([[ADMIN, false]] as const)) {
      const saved = await savedSearch(trx as Knex, abilityFor(actor), actor, p, stats, rates);
      if (!saved) continue;
      const found = whereOf(saved.predicates);
      out.push({
        sql: `(select ?::int as project_id, ?::boolean as company, d.status = 1 as met, d.id from suggested_live_docs d
                where ${found.sql})`,
        bindings: [p.id, company, ...found.bindings],
      });
    }
  return out;
}

/** Raises the events of one `suggested_live` job; returns how many projects heard. */
export async function suggestedLive(knex: Knex, change: SuggestedChange): Promise<number> {
  return knex.transaction(async (trx) => {
    if (change.all) {
      const r = await trx.raw(`insert into live_events (topic, subject_id, kind)
        select 1, id, 'pipeline.candidate' from projects where coalesce(current_url, '') <> '' order by id`);
      return r.rowCount ?? 0;
    }
    await trx.raw(
      `create temp table suggested_live_docs on commit drop as
      select d.* from candidate_search_documents d where d.id = any(?::int[])
      union all select * from jsonb_populate_recordset(null::candidate_search_documents, ?::jsonb)`,
      [change.candidateIds, JSON.stringify(change.before)],
    );
    await trx.raw('create index on suggested_live_docs using gin (facet_values, vector)');
    await trx.raw('analyze suggested_live_docs');
    const all = await branches(trx, await projectsWithSavedFilters(trx as Knex, abilityFor(ADMIN)));
    let heard = 0;
    for (let i = 0; i < all.length; i += CHUNK) {
      const chunk = all.slice(i, i + CHUNK);
      const r = await trx.raw(
        `insert into live_events (topic, subject_id, kind)
         select 1, m.project_id, ${KIND} from (${chunk.map((b) => b.sql).join(' union all ')}) m
          where not exists (select 1 from project_candidates pc where pc.project_id = m.project_id and pc.candidate_id = m.id)
          group by m.project_id order by m.project_id`,
        chunk.flatMap((b) => b.bindings) as Knex.RawBinding[],
      );
      heard += r.rowCount ?? 0;
    }
    return heard;
  });
}
