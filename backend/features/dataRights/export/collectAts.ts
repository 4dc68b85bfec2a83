/**
 * The applications a candidate's copy lists beside their linked ATS records (collect.ts atsPushesOf): those left on a
 * job their project was relinked away from, the erasure's own listing of them (../eraseAts.ts formerApplicationsOf),
 * so the person learns of every application the product placed for them. One linked again (the project relinked back
 * to its job) is listed once, as linked. The table does not keep the project: an application is tied to the project
 * of the person's linked record in the same ATS when there is only one, and its company named as that record's is
 * (masked when confidential); else no project, the company masked when any such project is confidential, and "a
 * company" when the person has no linked record there. Only what a linked record shows: never the vendor's person,
 * job or the product's ids.
 */
import type { Knex } from 'knex';
import { formerApplicationsOf } from '../eraseAts';

/** A linked record's row as atsPushesOf reads it: what a former application is tied to. */
export interface PushRow {
  integration_id: number;
  project_id: number;
  kind: string;
  company: string | null;
  project: string | null;
  is_confidential: boolean;
  remote_id: string;
  synced_stage: number | null;
  created_at: Date | null;
  updated_at: Date | null;
  former?: Date;
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
      project_id: only?.project_id ?? 0,
      kind: f.kind,
      company: same[0]?.company ?? null,
      project: only?.project ?? null,
      is_confidential: same.some((l) => l.is_confidential),
      remote_id: f.remote_id,
      synced_stage: null,
      created_at: null,
      updated_at: null,
      former: f.created_at,
    };
  });
}
