/** ATS integrations of the signed-in company (spec section 9): the calls /integrations makes. */
import { api } from '../../ui/api/client';

export interface Integration {
  id: number;
  kind: string;
  label: string;
  environment: number;
  status: 'connected' | 'recorded' | 'authError';
  live: boolean;
  account: string | null;
  candidatesSynced: number;
  lastSyncedAt: string | null;
  createdAt: string;
}

export interface AtsKindRow {
  key: string;
  label: string;
  connect: 'apiKey' | 'clientCredentials' | 'signIn' | 'none';
  integration: Integration | null;
}

export interface IntegrationList {
  kinds: AtsKindRow[];
  companyAts: string | null;
  leverSignIn: boolean;
}

export interface SyncRun {
  id: number;
  trigger: 'manual' | 'schedule';
  status: 'running' | 'done' | 'failed';
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  entries: { project: string; candidate: string | null; outcome: string; reason?: string }[];
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

/** An ATS that already holds a candidate, and the month its record was made (`YYYY-MM`, or null when unknown). */
export interface KnownIn {
  ats: string;
  since: string | null;
}

export interface KnownAnswer {
  /** Only the candidates whose contact the caller sees in the project; every other id is absent. */
  candidates: { candidateId: string; known: KnownIn[]; unanswered?: string[] }[];
  /** How long the answer holds: until the next scheduled sync, or minutes when an ATS did not answer. */
  freshForSeconds: number;
}

/** How the last finished sync of an integration went, and whether one is waiting or running now. */
export interface LastSync {
  sync: 'idle' | 'queued' | 'running';
  lastRun: {
    id: number;
    trigger: SyncRun['trigger'];
    status: SyncRun['status'];
    finishedAt: string | null;
    startedAt: string;
    /** Candidates created or updated in the ATS. */
    pushed: number;
    skipped: number;
    failed: number;
    error: string | null;
    failures: { project: string; candidate: string | null; reason: string | null }[];
  } | null;
}

/** A project of the company and the ATS job it is linked to, if any (closed in the ATS when `jobOpen` is false). */
export interface ProjectLink {
  projectId: number;
  projectGuid: string;
  projectTitle: string;
  jobId: string | null;
  jobTitle: string | null;
  jobOpen: boolean;
}

/** The ATS's open jobs, and the company's projects with the job each is linked to. */
export interface AtsJobs {
  jobs: { id: string; title: string }[];
  projects: ProjectLink[];
}

export const integrationsApi = {
  list: () => api<IntegrationList>('integrations/integration-list'),
  add: (body: { kind: string; environment?: number; apiKey?: string; subdomain?: string; name?: string }) =>
    api<Integration>('integrations/add', { method: 'POST', body }),
  greenhouse: (body: { clientId: string; clientSecret: string; environment: number }) =>
    api<Integration>('integrations/greenhouse', { method: 'POST', body }),
  leverSignIn: (environment: number) => api<{ url: string }>('integrations/lever/sign-in', { query: { environment } }),
  sync: (id: number) => api<{ success: boolean }>(`integrations/manual/sync/${id}`, { method: 'PUT' }),
  remove: (id: number) => api<{ success: boolean }>(`integrations/remove/${id}`, { method: 'DELETE' }),
  runs: (id: number) => api<{ data: SyncRun[] }>(`integrations/run-log/${id}`),
  lastSync: (id: number) => api<LastSync>(`integrations/last-sync/${id}`),
  jobs: (id: number) => api<AtsJobs>(`integrations/jobs/${id}`),
  linkProject: (id: number, projectId: number, jobId: string | null) =>
    api<{ success: boolean }>(`integrations/project-job/${id}`, { method: 'PUT', body: { projectId, jobId } }),
  replaceCredentials: (id: number, body: { apiKey?: string; clientId?: string; clientSecret?: string }) =>
    api<Integration>(`integrations/credentials/${id}`, { method: 'PUT', body }),
  known: (projectId: string | number, candidateIds: string[]) =>
    api<KnownAnswer>('integrations/already-known/batch', { method: 'POST', body: { projectId, candidateIds } }),
};
