/**
 * Per-project stage counts (the `stats` object of the API contract) exactly as each project's tabs
 * count them (backend/features/pipeline/stats.ts): `open` is the Suggested tab (curated candidates
 * and whom the saved search finds), the other stages the project's rows the caller sees in them.
 * A card and the tab it opens never disagree, because they are one count: every listed project is
 * counted by one grouped query (pipelineStatsOfMany), only saved searches run one by one.
 */
import type { Knex } from 'knex';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import type { Row } from '../../crud/serialize';
import { type ProjectRow, pipelineStatsOfMany, type StageStats } from '../pipeline';

export type { StageStats };

function asProjectRow(r: Row): ProjectRow {
  return {
    id: r.id,
    guid: r.guid as string,
    title: r.title as string,
    companyId: (r.companyId as number | null) ?? null,
    ownerId: (r.ownerId as number | null) ?? null,
    advocateId: (r.advocateId as number | null) ?? null,
    projectType: r.projectType as number,
    plan: r.plan as number,
    status: r.status as number,
    currentUrl: (r.currentUrl as string | null) ?? null,
    isAdminProject: Boolean(r.isAdminProject),
    sharedUserIds: (r.sharedUserIds as number[] | null) ?? [],
    sharedWithCompany: Boolean(r.sharedWithCompany),
  };
}

/** Stage counts per project id, as `actor` sees them in the project's tabs; every row asked for is in the answer. */
export async function projectStats(
  knex: Knex,
  ability: AppAbility,
  actor: Actor,
  rows: Row[],
): Promise<Map<number, StageStats>> {
  return pipelineStatsOfMany(knex, ability, actor, rows.map(asProjectRow));
}
