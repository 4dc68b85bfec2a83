/**
 * A candidate as a notification names them to one recipient: what that recipient's board shows of
 * them in the project, read through the candidate gate (backend/services/candidateGate) with the
 * project as the place, so an inbox never names someone the board does not, nor hides someone the
 * board names (a RaaS company reads a public candidate's name as its board does). Anyone who sees
 * no name reads "a candidate".
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import type { Actor } from '../../../schema/roles';
import { loadShown, viewerOf, type ShownCandidate, type Viewer } from '../../services/candidateGate';

/** The viewers a notification may reach, each with its own view of the candidate. */
const VIEWERS: Viewer[] = ['admin', 'company', 'raasCompany'];

/** The candidate as each kind of viewer sees them in project `projectId` (or outside any project). */
export type CandidateNames = Map<Viewer, ShownCandidate | undefined>;

export async function candidateFacts(
  knex: Knex | Knex.Transaction,
  candidateId: number,
  projectId?: number,
): Promise<CandidateNames> {
  return (await candidatesFacts(knex, [candidateId], projectId)).get(candidateId) as CandidateNames;
}

/** candidateFacts of many candidates, in one read per kind of viewer whatever their number. */
export async function candidatesFacts(
  knex: Knex | Knex.Transaction,
  candidateIds: number[],
  projectId?: number,
): Promise<Map<number, CandidateNames>> {
  // One after another: a transaction's one connection runs one statement at a time.
  const shown: [Viewer, Map<number, ShownCandidate>][] = [];
  for (const v of VIEWERS) shown.push([v, await loadShown(knex, v, candidateIds, { projectId })]);
  return new Map(candidateIds.map((id) => [id, new Map(shown.map(([v, byId]) => [v, byId.get(id)]))]));
}

export function candidateLabel(actor: Actor, names: CandidateNames): string {
  return names.get(viewerOf(actor))?.name ?? t('notifications.aCandidate');
}
