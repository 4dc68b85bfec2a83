/** AI match (spec sections 1, 3 and 9): the calls /ai-match makes, admins only. */
import { api } from '../../ui/api/client';

export const SENIORITIES = ['junior', 'mid', 'senior', 'lead', 'principal'] as const;
export type Seniority = (typeof SENIORITIES)[number];
export type Recommendation = 'strong_yes' | 'yes' | 'maybe' | 'no';
export interface MatchRequirements {
  /** `anyOf`: other skills that meet the same requirement ('Kafka or RabbitMQ'). */
  skills: { id: number; label: string; required: boolean; anyOf?: { id: number; label: string }[] }[];
  jobTitles: { id: number; label: string }[];
  languages: { id: number; label: string }[];
  locations: { id: number; label: string }[];
  /** Countries the role is in (a run from a project: the project's own). */
  countries?: { id: number; label: string }[];
  years?: { min?: number; max?: number };
  /** The level the role is pitched at; it stands for years where none are stated. */
  seniority?: Seniority;
  /** Monthly. */
  salary?: { min?: number; max?: number; currency: string };
  /** 1 permanent, 2 contract, 3 part-time, 4 internship. */
  employmentTypes: number[];
  remote?: boolean;
  rightToWorkIn?: number[];
  [key: string]: unknown;
}
export type MatchStatus = 'review' | 'queued' | 'retrieving' | 'judging' | 'done' | 'failed' | 'cancelled';
export interface MatchRunSummary {
  id: string;
  projectId: string | null;
  source: 'text' | 'file' | 'project';
  fileName: string | null;
  status: MatchStatus;
  judge: 'model' | 'product';
  progress: { retrieved: number; toJudge: number; judged: number; notJudged: number; reused: number; asked: number };
  excerpt: string;
  /** The title of the project the run was started from. */
  projectTitle?: string | null;
  createdAt: string;
  finishedAt: string | null;
}
/** Where a job description comes from: pasted text, a PDF or Word file, or a project's own. */
export type MatchInput = { jobDescription: string } | { file: File } | { projectId: string };
export interface MatchRun {
  id: string;
  projectId: string | null;
  status: MatchStatus;
  judge: 'model' | 'product';
  model: string | null;
  progress: { retrieved: number; toJudge: number; judged: number; notJudged: number; reused: number; asked: number };
  requirements: MatchRequirements;
  error: string | null;
  /** A run the model judged no one of: the first failed call's detail, for admins. */
  errorDetail?: string | null;
  /** False while a cancelled run's calls in flight still write their verdicts. */
  settled?: boolean;
  /** The description matched, as read. */
  jobDescription: string;
  /** The search filters the run kept. */
  filters: { values?: Record<string, string[]>; experience?: { from?: number; to?: number }; remote?: boolean } | null;
  projectTitle?: string | null;
  source: 'text' | 'file' | 'project';
  fileName: string | null;
}
export interface MatchResult {
  candidateId: string;
  name: string | null;
  rank: number;
  matchScore: number;
  parts: { key: string; points: number; max: number; evidence: string }[];
  score: number | null;
  strengths: string[] | null;
  recommendation: Recommendation | null;
  /** The model's words when `judge` is 'model'; the product matcher's text when 'product'. */
  reasoning: string | null;
  /** Who made this verdict: the model, or the product matcher (no model, or the model's set aside). */
  judge: 'model' | 'product' | null;
  /** A model's verdict that was set aside: what it said and why; the matcher's score stands. */
  disagreement: { score: number; recommendation: Recommendation | null; reason: string } | null;
  /** Hidden from companies (admins still see the name). */
  adminAnonymous: boolean;
  /** Copied from an earlier run on the same evidence. */
  reused: boolean;
  notJudged: string | null;
  /** Why not judged, in detail: for a profile addressed to the AI, the text quoted. */
  notJudgedDetail?: string | null;
}
/** One of the caller's open projects, and whether its board already holds the candidate. */
export interface ProjectChoice {
  id: string;
  title: string;
  hasCandidate: boolean;
  /** The project's company (admins; null for an internal project). */
  companyName?: string | null;
}

export const aiMatchApi = {
  start: (input: MatchInput, experience: [number, number]) => {
    const filters = { experience: { from: experience[0], to: experience[1] } };
    if (!('file' in input)) return api<MatchRun>('projects/ai-match', { method: 'POST', body: { ...input, filters } });
    // A file goes as multipart, the filters beside it as a JSON part.
    const form = new FormData();
    form.set('file', input.file);
    form.set('filters', JSON.stringify(filters));
    return api<MatchRun>('projects/ai-match', { method: 'POST', body: form });
  },
  /** `judge`: who judges a run started now ('product' when no language model is configured). */
  runs: (page: number, perPage: number, projectId?: string, signal?: AbortSignal) =>
    api<{ data: MatchRunSummary[]; total: number; page: number; perPage: number; judge: 'model' | 'product' }>(
      'projects/ai-match',
      { query: { page, perPage, ...(projectId ? { projectId } : {}) }, signal },
    ),
  judge: (id: string, requirements: MatchRequirements) =>
    api<MatchRun>(`projects/ai-match/${id}/judge`, { method: 'POST', body: { requirements } }),
  rerun: (id: string) => api<MatchRun>(`projects/ai-match/${id}/rerun`, { method: 'POST', body: {} }),
  cancel: (id: string) => api<MatchRun>(`projects/ai-match/${id}/cancel`, { method: 'POST', body: {} }),
  status: (id: string) => api<MatchRun>(`projects/ai-status/${id}`),
  results: (id: string, recommendation?: Recommendation) =>
    api<{ data: MatchResult[]; total: number }>(`projects/ai-match/${id}/results`, {
      query: { perPage: 100, ...(recommendation ? { recommendation } : {}) },
    }),
  /**
   * The caller's open projects it curates into, for a candidate; `q` searches their titles and companies, and
   * `projectId` (the run's own) is answered too, beyond the newest the list holds, when it is one of them.
   */
  projects: (candidateId: string, q?: string, projectId?: string) =>
    api<{ data: ProjectChoice[] }>('projects/candidate/list', {
      query: { candidateId, purpose: 'curate', ...(q ? { q } : {}), ...(projectId ? { projectId } : {}) },
    }),
  curate: (projectId: string, candidateIds: string[]) =>
    api<{ added: number }>('projects/candidate/curate', { method: 'POST', body: { projectId, candidateIds } }),
};
