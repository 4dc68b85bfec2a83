/**
 * Whether a candidate was erased: an erasure of theirs was carried out (erase.ts), and their row is only the "Erased
 * candidate" a company's history keeps. Such a row has no data to copy and none left to erase: a copy of the data or a
 * new erasure request for it is refused (409), as a merge (duplicates/merge.ts) and retention (retention.ts) refuse it.
 */
import type { Knex } from 'knex';
import { ERASURE_STATUS } from '../../../schema/rules/dataRights';

export async function wasErased(knex: Knex | Knex.Transaction, candidateId: number): Promise<boolean> {
  const done = await knex('erasure_requests')
    .where({ candidate_id: candidateId, status: ERASURE_STATUS.erased })
    .first('id');
  return Boolean(done);
}
