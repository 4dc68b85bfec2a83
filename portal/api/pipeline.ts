/**
 * The pipeline calls (spec section 7, Projects): a project's candidates by tab,
 * moves between stages, the per-project flags, adding to other projects, curation and notes.
 */
import type { CandidateDownload } from '../../schema/rules/downloads';
import type { StageId } from '../../schema/rules/pipeline';
import type { Schedule } from '../../schema/validation/schedule';
import { api } from '../../ui/api/client';
import type { StageStats } from './projects';
import type { SearchDoc } from './search';

/** Candidates per stage, as every pipeline answer carries them. */
export type { StageStats };

/** The interview schedule (schema/validation/schedule.ts). */
export type ScheduleData = Schedule;

export interface RejectData {
  reason: string;
  comment?: string;
}

/** A search result doc plus the candidate's state in this project. */
export interface PipelineDoc extends SearchDoc {
  recruitmentStatus: StageId;
  rejectedFrom: number | null;
  isFavorited: boolean;
  isHidden: boolean;
  seen: boolean;
  revealed: boolean;
  /**
   * Whether moving the candidate on reveals them to the project's company, for every viewer (an admin sees the name,
   * yet the move shows it to the company); false: already shown, or a hidden candidate who stays anonymous.
   */
  revealsOnMove?: boolean;
  guaranteed: boolean;
  curated: boolean;
  lastRecruitmentUpdatedAt: string | null;
  projectInterviewRequested?: boolean;
  projectWhiteListRequested?: boolean;
  scheduleData?: ScheduleData | null;
  /** The candidate's answer to the latest interview request and job description in this project. */
  interviewRequest?: RequestAnswer | null;
  whiteListRequest?: RequestAnswer | null;
  /** When the interview the candidate booked (the time they chose on accepting) starts, ISO; null when none is. */
  interviewAt?: string | null;
  /** Candidate status (3 semi-active cannot be skipped or rejected), when the answer carries it. */
  status?: number;
  /** Present only when the candidate gate shows the caller the candidate's contact in this project. */
  email?: string | null;
  /** The downloads the caller may make of this candidate (the server's rule, as the routes answer them). */
  canDownload?: Record<CandidateDownload, boolean>;
}

export interface RequestAnswer {
  state: 'sent' | 'approved' | 'rejected' | 'expired';
  answeredAt: string | null;
}

export interface TabAnswer {
  docs: PipelineDoc[];
  totalResults: number;
  stats: StageStats;
}

export interface MoveInput {
  projectId: string;
  candidateId: string | string[];
  recruitmentStatus: StageId;
  /** The stage the mover saw the candidates in: refused (movedMeanwhile) when someone else moved them since. */
  fromStage?: StageId;
  rejectFormData?: RejectData;
  scheduleFormData?: ScheduleData;
  confirmReveal?: boolean;
  /** Move on without the optional guarantee of a power-plan project. */
  withoutGuarantee?: boolean;
}

export interface MoveAnswer {
  success: boolean;
  stats: StageStats;
  moved: string[];
}

export interface Note {
  key: string;
  note: string;
  /** 1 admins only, 2 also the company. */
  visibility: 1 | 2;
  authorName: string | null;
  mine: boolean;
  createdAt: string;
  updatedAt: string | null;
}

/** Tab 0 (suggested) is served by its own search; the other tabs by the tab search. */
const tabPath = (tab: StageId) => (tab === 0 ? 'projects/candidates/search' : 'projects/tab/search');

export const pipelineApi = {
  /** One tab's candidates: `query` holds the search page's short keys plus ih / isf. */
  tab: (projectId: string, tab: StageId, query: URLSearchParams, signal?: AbortSignal) => {
    const q = new URLSearchParams(query);
    q.set('project_id', projectId);
    q.set('tab', String(tab));
    return api<TabAnswer>(`${tabPath(tab)}?${q.toString()}`, { signal });
  },
  move: (input: MoveInput) => api<MoveAnswer>('projects/recruitment', { method: 'POST', body: input }),
  /** Hides or unhides one candidate or a list of them, all or none: `count` is how many. */
  hide: (projectId: string, candidateId: string | string[], hide: boolean) =>
    api<{ success: boolean; count: number }>('projects/candidate/hidden', {
      method: 'POST',
      body: { projectId, candidateId, hide },
    }),
  favourite: (projectId: string, candidateId: string, favourite: boolean) =>
    api<{ success: boolean }>('projects/candidate/favourite', {
      method: 'POST',
      body: { projectId, candidateId, favourite },
    }),
  seen: (projectId: string, candidates: string[], tab: StageId) =>
    api<{ success: boolean }>('projects/candidate/seen', { method: 'POST', body: { projectId, candidates, tab } }),
  addToProject: (projectId: string, candidateId: string) =>
    api<{ success: boolean; message?: string }>('projects/candidate/add', {
      method: 'POST',
      body: { projectId, candidateId },
    }),
  curate: (projectId: string, candidateIds: string[]) =>
    api<{ success: boolean; added: number }>('projects/candidate/curate', {
      method: 'POST',
      body: { projectId, candidateIds },
    }),
  tabOfCandidate: (projectGuid: string, candidateGuid: string) =>
    api<{ success: boolean; tab: StageId }>('projects/get-project-tab-by-candidate', {
      query: { project_guid: projectGuid, candidate_guid: candidateGuid },
    }),
  stats: (projectId: string, signal?: AbortSignal) =>
    api<{ success: boolean; stats: StageStats }>('projects/pipe-line', { query: { project_id: projectId }, signal }),
  /** A page of notes: after the note `before` names (the last one held) when given, else page `page`. */
  notes: (candidateId: string, projectId: string, page: number, signal?: AbortSignal, before?: string) =>
    api<{ success: boolean; data: Note[]; page: number }>(`candidate-note/${encodeURIComponent(candidateId)}`, {
      query: before ? { projectId, before } : { projectId, page },
      signal,
    }),
  addNote: (input: { candidateId: string; projectId: string; note: string; visibility: 1 | 2 }) =>
    api<{ success: boolean; data?: Note }>('candidate-note', { method: 'POST', body: input }),
  editNote: (key: string, note: string, visibility: 1 | 2) =>
    api<{ success: boolean; data?: Note }>(`candidate-note/${encodeURIComponent(key)}`, {
      method: 'PUT',
      body: { note, visibility },
    }),
  deleteNote: (key: string) =>
    api<{ success: boolean }>(`candidate-note/${encodeURIComponent(key)}`, { method: 'DELETE' }),
  /** The project calls the move prompts need (Projects section). */
  upgrade: (projectId: string) =>
    api<{ success: boolean }>('projects/upgrade', { method: 'POST', body: { projectId } }),
  guarantee: (projectId: string, candidateId: string) =>
    api<{ success: boolean }>('projects/guarantee', { method: 'POST', body: { projectId, candidateId } }),
};

/** What the project page shows of GET /projects/find/:id (the Projects section's answer). */
export interface ProjectDetail {
  id: string;
  guid: string;
  title: string;
  status: number;
  plan: number;
  projectType: number;
  currentUrl: string | null;
  company: { id: string; companyName: string; companyType: number } | null;
  owner: { id: string; name: string } | null;
  advocate: { id: string; name: string; email?: string | null } | null;
  stats: StageStats;
  access?: { canEdit: boolean; canShare: boolean; canDelete: boolean };
}

export const projectFind = (id: string, signal?: AbortSignal) =>
  api<{ success: boolean; data: ProjectDetail }>(`projects/find/${encodeURIComponent(id)}`, { signal }).then(
    (a) => a.data,
  );
