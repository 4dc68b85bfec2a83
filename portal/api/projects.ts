/**
 * The projects calls (the Projects section of the API contract, spec section 7 "Projects"): create
 * with the job description upload, update, duplicate, cancel, upgrade, guarantee, the list with its
 * stats, find, RaaS status, bulk status and delete, and sharing. Other features import these types.
 */
import { api, type RequestOptions } from '../../ui/api/client';

/** A bulk deletion's answer: each key deleted, already gone, or refused with the reason in words. */
export interface BulkDeleteAnswer {
  success: boolean;
  deleted: string[];
  gone: string[];
  refused: { id: string; code: string; message: string }[];
}

export interface Named {
  id: string;
  name: string;
}

export interface StageStats {
  open: number;
  qualify: number;
  shortlist: number;
  interviewing: number;
  interviewing2: number;
  offered: number;
  placed: number;
  rejected: number;
}

export interface DateTimeSlot {
  date: string;
  startTime: string;
  endTime: string;
}

/** What a user sets on a project (create and update bodies). */
export interface ProjectFields {
  title: string;
  jobTitleId: string | number | null;
  countries: (string | number)[];
  companyId?: string | number | null;
  ownerId?: string | number | null;
  advocateId?: string | number | null;
  plan?: number;
  isAdminProject?: boolean;
  requireSponsorVisa?: number;
  workingMode?: number | null;
  noticePeriod?: number | null;
  requireLanguages?: (string | number)[];
  isRelocate?: number;
  comments?: string | null;
  headcount: number | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
  dateTimeSlots?: DateTimeSlot[];
  jobDescription?: string | null;
  currentUrl?: string | null;
  projectFor?: number;
  freeProjectConfirmed?: boolean;
  isConfidential?: boolean;
}

export interface Project extends Omit<
  ProjectFields,
  'jobTitleId' | 'countries' | 'companyId' | 'ownerId' | 'advocateId' | 'requireLanguages'
> {
  id: string;
  guid: string;
  jobTitleId: string | null;
  countries: string[];
  companyId: string | null;
  ownerId: string | null;
  ownerAdminId?: string | null;
  advocateId: string | null;
  requireLanguages: string[];
  projectType: number;
  plan: number;
  status: number;
  jdFileName?: string | null;
  sharedWithCompany?: boolean;
  /** Company users it is shared with one by one ('User:N'). */
  sharedUserIds?: string[];
  /** Power projects: when the current 30-day cycle ends, and whether the project closes then. */
  cycleEndsAt?: string | null;
  cancelAtCycleEnd?: boolean;
  createdAt: string;
  updatedAt?: string;
  /** Names the list and find answers may carry alongside the ids. */
  jobTitle?: { id: string; name?: string; label?: string } | string | null;
  countryNames?: string[];
}

export interface ProjectListItem extends Project {
  stats: StageStats;
  company: { id: string; companyName: string; companyType: number } | null;
  owner: Named | null;
  advocate: Named | null;
  /** What the caller may do with the project. */
  access: { canEdit: boolean; canShare: boolean; canDelete: boolean; canHandOver?: boolean };
}

export type ProjectDetail = ProjectListItem;

export type ProjectsViewParam = 'all' | 'internal' | 'mine' | 'assigned';

export interface ProjectListParams {
  view: ProjectsViewParam;
  status?: number;
  q?: string;
  page: number;
  perPage: number;
  sortBy: 'createdAt' | 'title' | 'status';
  sortDir: 'asc' | 'desc';
}

export interface Pagination {
  currentPage: number;
  pageSize: number;
  pagesCount: number;
  dataCount: number;
}

export interface StatusStats {
  Active: number;
  Paused: number;
  Inactive: number;
}

export interface RaasStatus {
  freeSlotAvailable: boolean;
  balance: number;
  onTrial: boolean;
  trialEndsAt: string | null;
}

export interface AccessUser {
  id: string;
  name: string;
  email: string;
  profilePic: string | null;
  access: number;
  isOwner?: boolean;
  /** A deactivated colleague the project is still shared with: no access now, back on reactivation unless removed. */
  inactive?: boolean;
}

export interface AccessInfo {
  success: boolean;
  moreCount: number;
  totalCount: number;
  users: AccessUser[];
}

export interface OpenProject {
  id: string;
  title: string;
  status: number;
  hasCandidate: boolean;
  /** Admins only: the project's company (null for an internal project). */
  companyName?: string | null;
}

interface Answer<T> {
  success: boolean;
  data: T;
}

const json = <T>(path: string, method: RequestOptions['method'], body: unknown) => api<T>(path, { method, body });

export const projectsApi = {
  /** `clientId`: the dialog's key, the same on each try of one create; a repeat answers the project the first made. */
  create: async (
    body: ProjectFields & { filters?: string; candidateIds?: string[]; jdFileFollows?: boolean; clientId?: string },
  ) => (await json<Answer<Project>>('projects/create', 'POST', body)).data,
  addJobDescription: async (projectId: string, file: File) => {
    const form = new FormData();
    form.set('project_id', projectId);
    form.set('jd_file', file);
    return (await api<Answer<Project>>('projects/add-job-description', { method: 'POST', body: form })).data;
  },
  /** `updatedAt`: the version the form read; the update is refused (409) when the project changed since. */
  update: async (projectId: string, fields: Partial<ProjectFields> & { status?: number; updatedAt?: string }) =>
    (await json<Answer<Project>>('projects/update/project', 'PUT', { projectId, ...fields })).data,
  updateFilters: async (projectId: string, filters: string) =>
    (await json<Answer<Project>>('projects/update/filters', 'PUT', { projectId, filters })).data,
  duplicate: async (projectId: string) =>
    (await json<Answer<Project>>('projects/duplicate-project', 'POST', { projectId })).data,
  cancel: (projectId: string, when: 'now' | 'cycleEnd') =>
    json<Answer<Project>>('projects/cancel', 'POST', { projectId, when }),
  /** Withdraws a Power project's cancellation at the end of its cycle. */
  keepRenewing: (projectId: string) => json<Answer<Project>>('projects/keep-renewing', 'POST', { projectId }),
  upgrade: (projectId: string) => json<Answer<Project>>('projects/upgrade', 'POST', { projectId }),
  guarantee: (projectId: string, candidateId: string) =>
    json<{ success: boolean }>('projects/guarantee', 'POST', { projectId, candidateId }),
  list: (params: ProjectListParams, signal?: AbortSignal) =>
    api<{ success: boolean; data: ProjectListItem[]; pagination: Pagination }>('projects/list', {
      query: { ...params },
      signal,
    }),
  statusStats: (view: ProjectsViewParam, signal?: AbortSignal) =>
    api<StatusStats>('projects/status/stats', { query: { view }, signal }),
  find: async (id: string, signal?: AbortSignal) =>
    (await api<Answer<ProjectDetail>>(`projects/find/${encodeURIComponent(id)}`, { signal })).data,
  raasStatus: async (companyId?: string) =>
    (await api<Answer<RaasStatus>>('projects/raas/status', { query: { companyId } })).data,
  bulkStatus: (keys: string[], status: number) => json<{ success: boolean }>('projects', 'PUT', { keys, status }),
  /** Answered per key (backend/crud/bulkDelete.ts): deleted, already gone, or refused with the reason in words. */
  bulkDelete: (keys: string[]) => json<BulkDeleteAnswer>('projects', 'DELETE', { keys }),
  // Sharing
  accessInfo: (projectId: string) => api<AccessInfo>('projects/access/user/info', { query: { project_id: projectId } }),
  accessList: (projectId: string) =>
    api<{ success: boolean; data: AccessUser[]; sharedWithCompany: boolean }>('projects/access/user/list', {
      query: { project_id: projectId },
    }),
  usersToAdd: async (projectId: string, q: string, signal?: AbortSignal) =>
    (
      await api<Answer<{ id: string; name: string; email: string }[]>>('project-share/access/user/list/to/add', {
        query: { project_id: projectId, q },
        signal,
      })
    ).data,
  grantAccess: (projectId: string, userId: string, accessType: 0 | 1 = 1) =>
    json<{ success: boolean }>('project-share/access/user', 'POST', { projectId, userId, accessType }),
  removeAccess: (projectId: string, userId: string) =>
    json<{ success: boolean; stillHasAccess?: boolean; reason?: 'owner' | 'role' | 'company' }>(
      'project-share/access/user',
      'DELETE',
      { projectId, userId },
    ),
  shareWithCompany: (projectId: string, accessType: 0 | 1) =>
    json<{ success: boolean }>('project-share/access/user/all', 'POST', { projectId, accessType }),
  // The open-projects list and adding a candidate (pipeline contract).
  /** The 200 newest open projects matching `q`, and how many match in all (`total`). */
  openProjects: async (candidateId: string, q?: string) => {
    const answer = await api<OpenProject[] | (Answer<OpenProject[]> & { total?: number })>('projects/candidate/list', {
      query: { candidateId, q },
    });
    return Array.isArray(answer)
      ? { projects: answer, total: answer.length }
      : { projects: answer.data, total: answer.total ?? answer.data.length };
  },
  addCandidate: (projectId: string, candidateId: string) =>
    json<{ success: boolean; message?: string }>('projects/candidate/add', 'POST', { projectId, candidateId }),
};
