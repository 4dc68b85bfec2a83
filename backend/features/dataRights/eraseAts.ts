/**
 * What an erasure (erase.ts) lists of the person's records in companies' ATSs, for the erase_ats_records job
 * (atsRecords.ts) to erase with the vendor's call or list for the company: every application the product placed
 * for them, that is
 * - the applications their project candidates' links name (a deleted project's links by the candidate they kept),
 *   unlinked here;
 * - the applications left on a job the project was relinked away from (integration_former_applications, written
 *   by integrations/push.ts when the link moved to the new job's application, and by a merge that folded a pipeline
 *   row whose link gave way to the kept row's, duplicates/links.ts): the person's data is there too. They
 *   are deleted with the candidate's other rows by the erasure. The candidate's copy of their data lists them too
 *   (export/collect.ts, through formerApplicationsOf).
 * A person the product created through any of them is the product's to erase there.
 */
import type { Knex } from 'knex';
import { LINK_KIND } from '../../../schema/rules/ats';

/**
 * An ATS record of the erased person: the application (`remoteId`) and the vendor's person. Once
 * the erase_ats_records job has settled it, `outcome` says whether the vendor's call erased it or it
 * is listed for the company (no such call, a person the company already held, or a refusal).
 */
export interface AtsRecord {
  integrationId: number;
  companyId: number;
  kind: string;
  remoteId: string;
  remoteCandidateId?: string | null;
  /** The product created the person in the ATS (only such a person is erased there by the product). */
  personCreated?: boolean;
  /** An application on a job its project was relinked away from (no longer linked, still the person's). */
  former?: boolean;
  outcome?: 'erased' | 'listed' | 'failed';
  /** Why listed or failed: 'noEraseCall', 'notCreatedHere', or the vendor's refusal. */
  reason?: string;
  settledAt?: string;
}

interface Found {
  integration_id: number;
  company_id: number;
  kind: string;
  remote_id: string;
  remote_candidate_id: string | null;
  remote_person_created: boolean;
}

/** An application left on a job its project was relinked away from, and when it was left there. */
export type FormerApplication = Found & { created_at: Date };

/**
 * The candidate's applications left on jobs their projects were relinked away from (see above), oldest first: the
 * erasure's listing, which the candidate's copy of their data (export/collect.ts) reads too.
 */
export async function formerApplicationsOf(knex: Knex, candidateId: number): Promise<FormerApplication[]> {
  return (await knex('integration_former_applications as f')
    .join('integrations as i', 'i.id', 'f.integration_id')
    .where('f.candidate_id', candidateId)
    .orderBy('f.id')
    .select(
      'f.integration_id',
      'i.company_id',
      'i.kind',
      'f.remote_id',
      'f.remote_candidate_id',
      'f.remote_person_created',
      'f.created_at',
    )) as FormerApplication[];
}

/**
 * The candidate's ATS records (see above), their links to `pipelineIds` (or to the candidate) deleted; answers the
 * records and how many links went.
 */
export async function atsRecordsOf(
  trx: Knex.Transaction,
  candidateId: number,
  pipelineIds: number[],
): Promise<{ records: AtsRecord[]; unlinked: number }> {
  const links = (await trx('integration_links as l')
    .join('integrations as i', 'i.id', 'l.integration_id')
    .where('l.local_kind', LINK_KIND.projectCandidate)
    .where((q) => q.whereIn('l.local_id', pipelineIds).orWhere('l.candidate_id', candidateId))
    .select(
      'l.id',
      'l.integration_id',
      'i.company_id',
      'i.kind',
      'l.remote_id',
      'l.remote_candidate_id',
      'l.remote_person_created',
    )) as (Found & { id: number })[];
  const former = await formerApplicationsOf(trx, candidateId);
  const person = (r: Found) => `${r.integration_id}:${r.remote_candidate_id}`;
  const created = new Set(
    [...links, ...former].filter((r) => r.remote_person_created && r.remote_candidate_id).map(person),
  );
  // An application linked again (the project relinked back to its job) is listed once, as linked.
  const listed = new Set(links.map((l) => `${l.integration_id}:${l.remote_id}`));
  const records = [
    ...links.map((l) => ({ ...l, former: false })),
    ...former
      .filter((f) => f.remote_id && !listed.has(`${f.integration_id}:${f.remote_id}`))
      .map((f) => ({ ...f, former: true })),
  ].map((r): AtsRecord => ({
    integrationId: r.integration_id,
    companyId: r.company_id,
    kind: r.kind,
    remoteId: r.remote_id,
    remoteCandidateId: r.remote_candidate_id ?? null,
    personCreated: created.has(person(r)),
    ...(r.former && { former: true }),
  }));
  const unlinked = links.length
    ? await trx('integration_links')
        .whereIn(
          'id',
          links.map((l) => l.id),
        )
        .delete()
    : 0;
  return { records, unlinked };
}
