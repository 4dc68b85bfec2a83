/**
 * Whether an interview or job-description request may still reach its candidate, read when its email is delivered
 * (delivery.ts) and again when its WhatsApp message is sent (whatsappOutbox.ts), which may be hours later.
 */
import type { Knex } from 'knex';
import { roleOfCompanyType } from '../../../schema/roles';
import { mayContact, statusSql } from '../../../schema/rules/visibility';
import { viewerOf, type Viewer } from '../../services/candidateGate';
import { placesOf } from '../pipeline';
import type { RequestRow } from './answer';
import { projectAnswerable } from './rules';

/** How the candidate rules read a company of `companyType` (a RaaS company or another). */
export const companyViewerOf = (companyType: number): Viewer => viewerOf({ role: roleOfCompanyType(companyType) });

/** Who sent the request, as the candidate rules read them: an admin, else the project's company. */
const senderViewer = (request: { sent_by_admin_id: number | null }, companyType: number | null): Viewer =>
  request.sent_by_admin_id !== null || companyType === null ? 'admin' : companyViewerOf(companyType);

/**
 * Whether the request may still reach the candidate, by the rules sending and answering read: the project and its
 * company active (projectAnswerable), the sender meeting the candidate (statusSql: for a company an active candidate
 * who did not withdraw the consent to be shown to companies) and allowed to contact them (mayContact).
 */
export async function stillDeliverable(
  trx: Knex.Transaction,
  request: RequestRow & { sent_by_admin_id: number | null },
  project: { status: number; company_id: number | null; company_type: number | null; company_status: number | null },
): Promise<boolean> {
  const open = projectAnswerable({
    status: project.status,
    companyId: project.company_id,
    companyStatus: project.company_status,
  });
  if (!open) return false;
  const viewer = senderViewer(request, project.company_type);
  const met = await trx('candidates as c')
    .where('c.id', request.candidate_id)
    .whereRaw(statusSql(viewer))
    .first('c.id');
  const place = (await placesOf(trx, request.project_id, [request.candidate_id])).get(request.candidate_id);
  return Boolean(met && place && mayContact(viewer, place.candidate, place.place));
}
