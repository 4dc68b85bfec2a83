/**
 * A stand-in of Ashby's API on loopback: `POST /<category.method>` with the API key as the
 * Basic-auth user; 401 without a known key; refusals of a record as HTTP 200 `success: false`.
 * Jobs come in cursor pages; candidates, applications on a job's interview-plan stages, stage
 * changes (archiving with a reason) and a search by email, as the product calls them. As Ashby
 * documents, `candidate.create` keeps a second person with an email it already holds; an
 * application's status (Active, Hired, Archived) and current stage are read with `application.info`.
 * `candidate.anonymize` replaces the person's name and email for good (`isAnonymized`).
 */
import { newId, startStandIn, type Reply, type StandIn } from './standIn';

export interface AshbyApplication {
  id: string;
  candidateId: string;
  jobId: string;
  stageId: string;
  archiveReasonId?: string;
  status: 'Active' | 'Hired' | 'Archived' | 'Lead';
  updatedAt: string;
}

export interface AshbyStandIn extends StandIn {
  apiKey: string;
  candidates: {
    id: string;
    name: string;
    email: string;
    createdAt: string;
    applicationIds: string[];
    isAnonymized?: boolean;
  }[];
  applications: AshbyApplication[];
  stages: { id: string; title: string; type: string; orderInInterviewPlan: number }[];
}

const JOBS = [
  { id: 'job-eng', title: 'Platform Engineer', status: 'Open' },
  { id: 'job-ops', title: 'Site Reliability Engineer', status: 'Open' },
  { id: 'job-pm', title: 'Product Manager', status: 'Open' },
  { id: 'job-old', title: 'Closed Role', status: 'Closed' },
];
const STAGES = [
  { id: 'st-lead', title: 'Lead', type: 'Lead', orderInInterviewPlan: 0 },
  { id: 'st-screen', title: 'Recruiter Screen', type: 'PreInterviewScreen', orderInInterviewPlan: 1 },
  { id: 'st-onsite', title: 'Onsite', type: 'Active', orderInInterviewPlan: 2 },
  { id: 'st-offer', title: 'Offer', type: 'Offer', orderInInterviewPlan: 3 },
  { id: 'st-hired', title: 'Hired', type: 'Hired', orderInInterviewPlan: 4 },
  { id: 'st-archived', title: 'Archived', type: 'Archived', orderInInterviewPlan: 5 },
];

export async function startAshbyStandIn(apiKey = 'ashby-key-7c21'): Promise<AshbyStandIn> {
  const candidates: AshbyStandIn['candidates'] = [];
  const applications: AshbyApplication[] = [];
  const refuse = (message: string): Reply => ({ body: { success: false, errors: [message] } });
  const standIn = await startStandIn(({ method, path, body, headers }): Reply => {
    if (headers.authorization !== `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`)
      return { status: 401, body: { success: false, errors: ['invalid_api_key'] } };
    if (method !== 'POST') return { status: 404, body: { success: false, errors: ['not_found'] } };
    const b = (body ?? {}) as Record<string, unknown>;
    switch (path) {
      case '/job.list': {
        const open = JOBS.filter((j) => !Array.isArray(b.status) || (b.status as string[]).includes(j.status));
        const start = Number(b.cursor ?? 0);
        const limit = Math.min(Number(b.limit ?? 100), 2);
        const more = start + limit < open.length;
        return {
          body: {
            success: true,
            results: open.slice(start, start + limit),
            moreDataAvailable: more,
            ...(more ? { nextCursor: String(start + limit) } : {}),
          },
        };
      }
      case '/candidate.create': {
        if (typeof b.name !== 'string' || !b.name || typeof b.email !== 'string') return refuse('name is required');
        const row = {
          id: newId(),
          name: b.name,
          email: b.email,
          createdAt: new Date().toISOString(),
          applicationIds: [] as string[],
        };
        candidates.push(row);
        return { body: { success: true, results: row } };
      }
      case '/jobInterviewPlan.info':
        return JOBS.some((j) => j.id === b.jobId)
          ? { body: { success: true, results: { interviewPlanId: `plan-${String(b.jobId)}` } } }
          : refuse('job_not_found');
      case '/interviewStage.list':
        return { body: { success: true, results: STAGES } };
      case '/archiveReason.list':
        return { body: { success: true, results: [{ id: 'ar-1', text: 'Not a fit', isArchived: false }] } };
      case '/application.create': {
        if (!candidates.some((c) => c.id === b.candidateId) || !JOBS.some((j) => j.id === b.jobId))
          return refuse('invalid candidate or job');
        const row: AshbyApplication = {
          id: newId(),
          candidateId: String(b.candidateId),
          jobId: String(b.jobId),
          stageId: String(b.interviewStageId ?? 'st-lead'),
          status: 'Active',
          updatedAt: new Date().toISOString(),
        };
        applications.push(row);
        candidates.find((c) => c.id === b.candidateId)!.applicationIds.push(row.id);
        return { body: { success: true, results: row } };
      }
      case '/application.changeStage': {
        const row = applications.find((a) => a.id === b.applicationId);
        if (!row || !STAGES.some((s) => s.id === b.interviewStageId)) return refuse('invalid application or stage');
        if (b.interviewStageId === 'st-archived' && !b.archiveReasonId)
          return refuse('archiveReasonId is required to archive');
        row.stageId = String(b.interviewStageId);
        if (b.archiveReasonId) row.archiveReasonId = String(b.archiveReasonId);
        const type = STAGES.find((s) => s.id === row.stageId)!.type;
        row.status = type === 'Archived' ? 'Archived' : type === 'Hired' ? 'Hired' : 'Active';
        row.updatedAt = new Date().toISOString();
        return { body: { success: true, results: row } };
      }
      case '/application.info': {
        const row = applications.find((a) => a.id === b.applicationId);
        if (!row) return refuse('application_not_found');
        const stage = STAGES.find((s) => s.id === row.stageId)!;
        return {
          body: {
            success: true,
            results: {
              id: row.id,
              status: row.status,
              candidate: { id: row.candidateId },
              job: { id: row.jobId },
              currentInterviewStage: stage,
              archiveReason: row.archiveReasonId ? { id: row.archiveReasonId, text: 'Not a fit' } : null,
              updatedAt: row.updatedAt,
            },
          },
        };
      }
      case '/candidate.info': {
        const row = candidates.find((c) => c.id === b.id);
        return row ? { body: { success: true, results: row } } : refuse('candidate_not_found');
      }
      case '/candidate.anonymize': {
        const row = candidates.find((c) => c.id === b.candidateId);
        if (!row) return refuse('candidate_not_found');
        Object.assign(row, { name: 'Anonymized Candidate', email: '', isAnonymized: true });
        return { body: { success: true, results: row } };
      }
      case '/candidate.search':
        return { body: { success: true, results: candidates.filter((c) => c.email === b.email) } };
      default:
        return { status: 404, body: { success: false, errors: ['not_found'] } };
    }
  });
  return Object.assign(standIn, { apiKey, candidates, applications, stages: STAGES });
}
