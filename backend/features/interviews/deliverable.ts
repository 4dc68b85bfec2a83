/**
 * Whether an interview or job-description request may still reach its candidate, read when its email is delivered
 * (delivery.ts) and again when its WhatsApp message is sent (whatsappOutbox.ts), which may be hours later; its
 * candidate part also when the candidate answers (answer.ts) and when the answer is told (delivery.ts notifyAnswer).
 */
import type { Knex } from 'knex';
import { roleOfCompanyType } from '../../../schema/roles';
import { STAGES } from '../../../schema/rules/pipeline';
import { mayContact, statusSql } from '../../../schema/rules/visibility';
import { viewerOf, type Viewer } from '../../services/candidateGate';
import { placesOf } from '../pipeline';
import { projectAnswerable } from './rules';

/** What of a request (answer.ts RequestRow) the rules read: its project, its candidate and who sent it. */
type SentRequest = { project_id: number; candidate_id: number; sent_by_admin_id: number | null };

/** How the candidate rules read a company of `companyType` (a RaaS company or another). */
export const companyViewerOf = (companyType: number): Viewer => viewerOf({ role: roleOfCompanyType(companyType) });

/** Who sent the request, as the candidate rules read them: an admin, else the project's company. */
const senderViewer = (request: { sent_by_admin_id: number | null }, companyType: number | null): Viewer =>
  request.sent_by_admin_id !== null || companyType === null ? 'admin' : companyViewerOf(companyType);

/**
 * Whether the candidate may still be reached by the request's sender, by the rules sending read: the sender meeting
 * the candidate (statusSql: not paused nor erased, both of which leave an inactive profile, and for a company an active
 * candidate who did not withdraw the consent to be shown to companies) and allowed to contact them (mayContact).
 * A rejected candidate is no longer reached by the project (stillConsidered). Answering (answer.ts) and telling of an
 * answer (delivery.ts notifyAnswer) read it too.
 */
export async function candidateReachable(
  trx: Knex.Transaction,
  request: SentRequest,
  companyType: number | null,
): Promise<boolean> {
  const viewer = senderViewer(request, companyType);
  const met = await trx('candidates as c')
    .where('c.id', request.candidate_id)
    .whereRaw(statusSql(viewer))
    .first('c.id');
  const place = (await placesOf(trx, request.project_id, [request.candidate_id])).get(request.candidate_id);
  return Boolean(met && place && stillConsidered(place.place) && mayContact(viewer, place.candidate, place.place));
}

/**
 * Whether the project still considers the candidate: not moved to rejected, which withdraws its open requests
 * (pipeline/recruitment.ts). Their request is then neither delivered, answered nor its answer told (no invitation).
 */
export const stillConsidered = (place: { stage: number }): boolean => place.stage !== STAGES.rejected;

/**
 * Whether the request may still reach the candidate, by the rules sending and answering read: the project and its
 * company active (projectAnswerable) and the candidate still reachable by the sender (candidateReachable).
 */
export async function stillDeliverable(
  trx: Knex.Transaction,
  request: SentRequest,
  project: { status: number; company_id: number | null; company_type: number | null; company_status: number | null },
): Promise<boolean> {
  const open = projectAnswerable({
    status: project.status,
    companyId: project.company_id,
    companyStatus: project.company_status,
  });
  return open && (await candidateReachable(trx, request, project.company_type));
}
