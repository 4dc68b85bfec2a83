/**
 * The ATS records a candidate's copy lists (collect.ts atsPushesOf): every application the erasure lists
 * (../eraseAts.ts), so the person learns of each one the product placed for them.
 * - The links to their pipeline rows, and those their candidate kept when the project (and its pipeline row) was
 *   deleted: the ATS, the company (the integration's), the project while it exists, and the status the ATS last
 *   reported with its stage and since when (integrations/sync.ts readBack, as the company's board shows it). A link
 *   whose project is gone is masked as confidential when any of the person's other linked projects in the same ATS is.
 * - Those left on a job their project was relinked away from, the erasure's own listing of them (formerApplicationsOf).
 *   One linked again (the project relinked back to its job) is listed once, as linked. The table does not keep the
 *   project: an application is tied to the project of the person's linked record in the same ATS when there is only
 *   one, and its company named as that record's is (masked when confidential); else no project, the company masked
 *   when any such project is confidential, and "a company" when the person has no linked record there.
 * Only what a linked record shows: never the vendor's person, job or the product's ids.
 */
import type { Knex } from 'knex';
import { LINK_KIND } from '../../../../schema/rules/ats';
import { formerApplicationsOf } from '../eraseAts';

/** A record's row as atsPushesOf reads it: what a former application is tied to. */
export interface PushRow {
  integration_id: number;
  project_id: number | null;
  kind: string;
  company: string | null;
  project: string | null;
  is_confidential: boolean;
  remote_id: string;
  synced_stage: number | null;
  remote_status: string | null;
  remote_stage: string | null;
  remote_status_since: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  former?: Date;
}

/** The candidate's linked records, by their pipeline rows or by the candidate a deleted project's link kept. */
export async function linkedPushRows(knex: Knex, candidateId: number): Promise<PushRow[]> {
  const rows: PushRow[] = await knex('integration_links as l')
    .join('integrations as i', 'i.id', 'l.integration_id')
    .join('companies as co', 'co.id', 'i.company_id')
    .leftJoin('project_candidates as pc', (j) =>
      j.on('pc.id', 'l.local_id').andOn('pc.candidate_id', knex.raw('?', [candidateId])),
    )
    .leftJoin('projects as p', 'p.id', 'pc.project_id')
    .where('l.local_kind', LINK_KIND.projectCandidate)
    .where((q) => q.whereNotNull('pc.id').orWhere('l.candidate_id', candidateId))
    .orderBy('l.id')
    .select('i.kind', 'co.company_name as company', 'p.title as project', 'p.is_confidential', 'l.remote_id')
    .select('l.synced_stage', 'l.integration_id', 'pc.project_id', 'l.created_at', 'l.updated_at')
    .select('l.remote_status', 'l.remote_stage', 'l.remote_status_since');
  const confidential = (id: number) => rows.some((r) => r.integration_id === id && r.is_confidential);
  return rows.map((r) => (r.project_id ? r : { ...r, project: null, is_confidential: confidential(r.integration_id) }));
}

/** The candidate's former applications as rows like `linked`'s, `former` the time the project moved away. */
export async function formerPushRows(knex: Knex, candidateId: number, linked: PushRow[]): Promise<PushRow[]> {
  const listed = new Set(linked.map((l) => `${l.integration_id}:${l.remote_id}`));
  const former = (await formerApplicationsOf(knex, candidateId)).filter(
    (f) => f.remote_id && !listed.has(`${f.integration_id}:${f.remote_id}`),
  );
  return former.map((f) => {
    const same = linked.filter((l) => l.integration_id === f.integration_id);
    const only = new Set(same.map((l) => l.project_id)).size === 1 ? same[0] : undefined;
    return {
      integration_id: f.integration_id,
      project_id: only?.project_id ?? null,
      kind: f.kind,
      company: same[0]?.company ?? null,
      project: only?.project ?? null,
      is_confidential: same.some((l) => l.is_confidential),
      remote_id: f.remote_id,
      synced_stage: null,
      remote_status: null,
      remote_stage: null,
      remote_status_since: null,
      created_at: null,
      updated_at: null,
      former: f.created_at,
    };
  });
}
