/**
 * A stand-in of Ashby's API on loopback: `POST /<category.method>` with the API key as the
 * Basic-auth user. As Ashby documents (developers.ashbyhq.com, Authentication; Responses & Errors): a
 * missing key is a 401, a wrong or deactivated one a 403, and a key lacking an endpoint's permission a
 * 403 `missing_endpoint_permission` (`withhold`); refusals of a record are HTTP 200 `success: false`
 * with `errorInfo: {code, message, requestId}` (`ashbyError` builds one for a test's fault).
 * Jobs come in cursor pages; candidates, applications on a job's interview-plan stages, stage
 * changes (archiving with one of the account's archive reasons, each with its `reasonType`: the
 * candidate-withdrew one listed first, `archiveReasons` to change them) and a search by email, as the
 * product calls them. As Ashby documents, `candidate.create` keeps a second person with an email it
 * already holds; an application's status (Active, Hired, Archived), current stage and candidate are read
 * with `application.info`. `mergeCandidate` merges a person into another as a recruiter does in Ashby:
 * the survivor holds the applications (`application.info` names it) and the merged id is not found.
 * `candidate.anonymize` replaces the person's name and email for good (`isAnonymized`).
 */
import { newId, startStandIn, type Reply, type StandIn } from './standIn';

/** Ashby's body for a refused call (`success: false` with `errorInfo`). */
export const ashbyError = (code: string, message: string) => ({
  success: false,
  errorInfo: { code, message, requestId: newId().toUpperCase() },
});

export interface AshbyArchiveReason {
  id: string;
  text: string;
  reasonType: 'RejectedByOrg' | 'RejectedByCandidate' | 'Other';
  isArchived: boolean;
}

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
  /** The account's archive reasons, as `archiveReason.list` answers them (archived ones left out). */
  archiveReasons: AshbyArchiveReason[];
  /** Merges person `from` into `into` as a recruiter does: `into` keeps both's applications, `from` is gone. */
  mergeCandidate(from: string, into: string): void;
  /** The key loses the permission of the endpoints `path` matches: they answer 403 `missing_endpoint_permission`. */
  withhold(path: RegExp, permission: string): void;
  /** Gives back every permission withheld. */
  grantAll(): void;
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

const ARCHIVE_REASONS: AshbyArchiveReason[] = [
  { id: 'ar-withdrew', text: 'Candidate withdrew', reasonType: 'RejectedByCandidate', isArchived: false },
  { id: 'ar-old', text: 'Old reason', reasonType: 'RejectedByOrg', isArchived: true },
  { id: 'ar-1', text: 'Not a fit', reasonType: 'RejectedByOrg', isArchived: false },
  { id: 'ar-other', text: 'Role on hold', reasonType: 'Other', isArchived: false },
];

export async function startAshbyStandIn(apiKey = 'ashby-key-7c21'): Promise<AshbyStandIn> {
  const candidates: AshbyStandIn['candidates'] = [];
  const applications: AshbyApplication[] = [];
  const archiveReasons = ARCHIVE_REASONS.map((r) => ({ ...r }));
  const withheld: { path: RegExp; permission: string }[] = [];
  const refuse = (code: string, message: string): Reply => ({ body: ashbyError(code, message) });
  const notFound = (what: 'application' | 'candidate' | 'job') =>
    refuse(`${what}_not_found`, `${what[0].toUpperCase()}${what.slice(1)} not found - are you lacking permissions?`);
  const standIn = await startStandIn(({ method, path, body, headers }): Reply => {
    if (!headers.authorization)
      return { status: 401, body: ashbyError('unauthenticated', 'No API key was provided with the request') };
    if (headers.authorization !== `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`)
      return { status: 403, body: ashbyError('invalid_api_key', 'The API key provided is invalid or deactivated') };
    const lacking = withheld.find((w) => w.path.test(path));
    if (lacking)
      return {
        status: 403,
        body: ashbyError('missing_endpoint_permission', `The API key is missing the ${lacking.permission} permission`),
      };
    if (method !== 'POST') return { status: 404, body: ashbyError('not_found', 'Not found') };
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
        if (typeof b.name !== 'string' || !b.name || typeof b.email !== 'string')
          return refuse('invalid_input', 'name is required');
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
          : notFound('job');
      case '/interviewStage.list':
        return { body: { success: true, results: STAGES } };
      case '/archiveReason.list':
        return {
          body: { success: true, results: archiveReasons.filter((r) => b.includeArchived === true || !r.isArchived) },
        };
      case '/application.create': {
        if (!candidates.some((c) => c.id === b.candidateId) || !JOBS.some((j) => j.id === b.jobId))
          return refuse('invalid_input', 'invalid candidate or job');
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
        if (!row) return notFound('application');
        if (!STAGES.some((s) => s.id === b.interviewStageId)) return refuse('invalid_input', 'invalid stage');
        if (b.interviewStageId === 'st-archived' && !archiveReasons.some((r) => r.id === b.archiveReasonId))
          return refuse('invalid_input', 'an archive reason is required to archive');
        row.stageId = String(b.interviewStageId);
        if (b.archiveReasonId) row.archiveReasonId = String(b.archiveReasonId);
        const type = STAGES.find((s) => s.id === row.stageId)!.type;
        row.status = type === 'Archived' ? 'Archived' : type === 'Hired' ? 'Hired' : 'Active';
        row.updatedAt = new Date().toISOString();
        return { body: { success: true, results: row } };
      }
      case '/application.info': {
        const row = applications.find((a) => a.id === b.applicationId);
        if (!row) return notFound('application');
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
              archiveReason: archiveReasons.find((r) => r.id === row.archiveReasonId) ?? null,
              updatedAt: row.updatedAt,
            },
          },
        };
      }
      case '/candidate.info': {
        const row = candidates.find((c) => c.id === b.id);
        return row ? { body: { success: true, results: row } } : notFound('candidate');
      }
      case '/candidate.anonymize': {
        const row = candidates.find((c) => c.id === b.candidateId);
        if (!row) return notFound('candidate');
        Object.assign(row, { name: 'Anonymized Candidate', email: '', isAnonymized: true });
        return { body: { success: true, results: row } };
      }
      case '/candidate.search':
        return { body: { success: true, results: candidates.filter((c) => c.email === b.email) } };
      default:
        return { status: 404, body: ashbyError('not_found', 'Not found') };
    }
  });
  return Object.assign(standIn, {
    apiKey,
    candidates,
    applications,
    stages: STAGES,
    archiveReasons,
    mergeCandidate(from: string, into: string) {
      const gone = candidates.findIndex((c) => c.id === from);
      const survivor = candidates.find((c) => c.id === into)!;
      for (const a of applications.filter((x) => x.candidateId === from)) {
        a.candidateId = into;
        survivor.applicationIds.push(a.id);
      }
      candidates.splice(gone, 1);
    },
    withhold: (path: RegExp, permission: string) => withheld.push({ path, permission }),
    grantAll: () => withheld.splice(0),
  });
}
