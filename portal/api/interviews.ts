/** The interview-request, job-description and qualify-request calls (spec section 7). */
import { api, buildUrl } from '../../ui/api/client';

export type RequestAction = 'request_interview' | 'request_public';
export type RequestState = 'sent' | 'approved' | 'rejected' | 'expired';
export type RequestKind = 'interview' | 'whitelist';
export type Channel = 'email' | 'whatsapp';

export interface SendRequest {
  projectId: string;
  candidateIds: string[];
  action: RequestAction;
  channel?: Channel;
  jdText?: string;
  jdHeader?: string;
  jdFooter?: string;
  jdFile?: File | null;
}

export interface SentRequest {
  id: string;
  candidateId: string;
  kind: RequestKind;
  state: RequestState;
  /** Null where the caller may not see the candidate's contact (the channel tells of their phone). */
  channel: Channel | null;
  expiresAt: string;
}

export interface InterviewDetails {
  interviewerName: string | null;
  type: number | null;
  address: string | null;
  meetingLink: string | null;
  duration: number | null;
  timezone: string | null;
}

export interface ProjectData {
  kind: RequestKind;
  role: string;
  jobTitle: string | null;
  company: string;
  jdHeader: string | null;
  jobDescription: string | null;
  jdFooter: string | null;
  jdFileName: string | null;
  jdLink: string;
  interviewDetails: InterviewDetails | null;
  /** The times are the request's own proposed times, in its zone: accepting books one (`slot` of `approve`). */
  choosesTime: boolean;
  timeSlots: { date: string; startTime: string; endTime: string }[];
  expiresAt: string;
}

export interface AnswerResult {
  success: boolean;
  isTokenUsed: boolean;
  state: RequestState;
  projectData: ProjectData;
}

export interface RequestSummary {
  id: string;
  state: RequestState;
  /** Null where the caller may not see the candidate's contact (the channel tells of their phone). */
  channel: Channel | null;
  sentAt: string;
  sentByName: string | null;
  answeredAt: string | null;
  expiresAt: string;
  rejectReasons: string[];
  rejectText: string | null;
}

export interface CandidateRequests {
  candidateId: string;
  interview: RequestSummary | null;
  whitelist: RequestSummary | null;
}

export interface JdPreview {
  role: string;
  company: string;
  jdHeader: string | null;
  jobDescription: string | null;
  jdFooter: string | null;
  jdFileName: string | null;
  expiresAt: string;
  downloadUrl: string;
}

export interface AdminRequestRow {
  id: string;
  kind: RequestKind;
  /** Null where the caller may not see the candidate's contact (the channel tells of their phone). */
  channel: Channel | null;
  /** How a WhatsApp request's message went (the reason when it failed); null for email, or where `channel` is. */
  delivery: { state: 'pending' | 'delivered' | 'failed'; reason: string | null } | null;
  state: RequestState;
  createdAt: string;
  answeredAt: string | null;
  expiresAt: string;
  /** When the interview the request booked starts (the time chosen on accepting), ISO; null when none. */
  interviewAt: string | null;
  responseMethod: string | null;
  rejectReasons: string[];
  rejectText: string | null;
  sentByName: string | null;
  project: { id: string; title: string };
  company: { id: string; companyName: string } | null;
  /** The name only where the viewer may read it; `label` is what to print ("Anonymous candidate" otherwise). */
  candidate: { id: string; name: string | null; label: string; anonymous: boolean };
}

export interface AdminListQuery {
  companyId?: string;
  projectId?: string;
  state?: RequestState | '';
  kind?: RequestKind | '';
  channel?: Channel | '';
  from?: string;
  to?: string;
  /** The reader's IANA zone, in which `from` and `to` are days. */
  timeZone?: string;
  q?: string;
  page?: number;
  perPage?: number;
  sortBy?: 'createdAt' | 'answeredAt' | 'state' | 'company' | 'project' | 'interviewAt';
  sortDir?: 'asc' | 'desc';
}

export interface Page<T> {
  success: boolean;
  data: T[];
  pagination: { currentPage: number; pageSize: number; pagesCount: number; dataCount: number };
}

export const interviewsApi = {
  /** The multipart call of spec section 7: jdText, jdFile, projectId, candidateId (one part per id), requestAction. */
  send(req: SendRequest) {
    const form = new FormData();
    form.set('projectId', req.projectId);
    for (const id of req.candidateIds) form.append('candidateId', id);
    form.set('requestAction', req.action);
    form.set('channel', req.channel ?? 'email');
    if (req.jdText?.trim()) form.set('jdText', req.jdText.trim());
    if (req.jdHeader?.trim()) form.set('jdHeader', req.jdHeader.trim());
    if (req.jdFooter?.trim()) form.set('jdFooter', req.jdFooter.trim());
    if (req.jdFile) form.set('jdFile', req.jdFile);
    return api<{ success: boolean; message: string; requests: SentRequest[] }>('projects/candidate/interview/request', {
      method: 'POST',
      body: form,
    });
  },
  check: (token: string, responseMethod: string) =>
    api<AnswerResult>('projects/interview-request/check-and-approve', {
      method: 'POST',
      body: { interviewRequestToken: token, accessValue: 'check', responseMethod },
    }),
  /** `slot`: the proposed time accepted, as the schedule types it ("2027-03-02T10:00"). */
  approve: (token: string, responseMethod: string, slot?: string) =>
    api<AnswerResult>('projects/interview-request/check-and-approve', {
      method: 'POST',
      body: { interviewRequestToken: token, accessValue: 'approve', responseMethod, ...(slot ? { slot } : {}) },
    }),
  reject: (token: string, userResponse: { reasons: string[]; comment?: string }, responseMethod: string) =>
    api<AnswerResult>('projects/interview-request/reject', {
      method: 'POST',
      body: { interviewRequestToken: token, userResponse, responseMethod },
    }),
  byProject: (projectId: string) =>
    api<{ success: boolean; data: CandidateRequests[] }>('projects/interview-request/by-project', {
      query: { project_id: projectId },
    }),
  jd: (guid: string) => api<{ success: boolean; data: JdPreview }>(`projects/jd/${encodeURIComponent(guid)}`),
  jdDownloadUrl: (guid: string) => buildUrl(`projects/download/jd/${encodeURIComponent(guid)}`),
  adminList: (query: AdminListQuery) =>
    api<Page<AdminRequestRow>>('dashboard/interview-request-list', { query: { ...query } }),
};

export interface QualifyTemplate {
  header: string;
  body: string;
  limits: { header: number; body: number };
  /** False in production without WhatsApp credentials: nothing can be sent. */
  available: boolean;
  recent: { header: string; body: string; lastSentAt: string; times: number }[];
}

export interface QualifyRequestRow {
  id: string;
  projectId: string | null;
  header: string;
  body: string;
  state: 'queued' | 'sent' | 'delivered' | 'replied' | 'failed';
  /** Why a failed request's message was not delivered (not sent, or the provider's refusal), when known. */
  failureReason: string | null;
  reply: 'yes' | 'no' | 'text' | 'optOut' | null;
  replyText: string | null;
  repliedAt: string | null;
  createdAt: string;
}

/** Admins' WhatsApp qualify requests. */
export const qualifyApi = {
  template: (after?: string) =>
    api<{ success: boolean; data: QualifyTemplate }>('projects/candidate/get/qualify/request/template', {
      query: { after },
    }),
  send: (body: { candidateId: string[]; projectId?: string; header: string; body: string }) =>
    api<{ success: boolean; message: string; sent: string[]; skipped: string[] }>(
      'projects/candidate/send/qualify/request',
      { method: 'POST', body },
    ),
  forCandidate: (candidateId: string) =>
    api<{ success: boolean; data: QualifyRequestRow[] }>('projects/candidate/qualify/requests', {
      query: { candidate_id: candidateId },
    }),
};
