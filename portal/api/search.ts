/** Candidate search calls: the search itself, the profile a result opens, and the lookup autocompletes. */
import { api } from '../../ui/api/client';

export interface Option {
  id: string | number;
  label: string;
  src: string | null;
}

export interface FacetOption extends Option {
  count: number;
  selected: boolean;
}

export interface Facet {
  options: FacetOption[];
  distinct: number;
  estimated: boolean;
}

export interface Segment {
  text: string;
  hit: boolean;
}

export interface Matched {
  skills: (Option & { via?: string })[];
  titles: (Option & { via?: string })[];
  locations: (Option & { via?: string })[];
  languages: Option[];
  industries: Option[];
  tags: Option[];
  experience: { title: Segment[]; company: Segment[] }[];
  snippets: { field: string; text: Segment[] }[];
  name?: Segment[];
}

export interface SearchDoc {
  id: string;
  guid: string;
  name: string | null;
  anonymous: boolean;
  profilePic: string | null;
  title: string | null;
  currentLocation: Option | null;
  salary: { amount: number | null; currency: string; original: { amount: number; currency: string } } | null;
  experienceYears: number;
  topSkills: (Option & { starred?: boolean; matched?: boolean })[];
  tags: Option[];
  /** The UTC day it was last updated (spec: a date). */
  lastUpdated: string;
  /** The instant, for a page to write the day in its reader's zone. */
  updatedAt: string;
  matched: Matched;
  adminAnonymous?: boolean;
}

export interface SearchAnswer {
  docs: SearchDoc[];
  totalResults: number;
  totalIsEstimate: boolean;
  facets: Record<string, Facet>;
  page: number;
  perPage: number;
  sort: string;
  currency: string;
  /** The salary slider's top in `currency` (100,000 SGD at the database rate). */
  salaryMax: number;
  tookMs: number;
}

export interface Profile {
  id: string;
  guid: string;
  name: string | null;
  profilePic: string | null;
  title: string | null;
  summary: string | null;
  currentLocation: Option | null;
  experienceYears?: number;
  skills: (Option & { starred: boolean })[];
  languages: (Option & { level: number })[];
  experiences: {
    title: string;
    company: string;
    startDate: string | null;
    endDate: string | null;
    currentPosition: boolean;
    description: string | null;
  }[];
  educations: {
    degree: string | null;
    institute: string | null;
    fieldOfStudy: string | null;
    startYear: number | null;
    endYear: number | null;
  }[];
  tags: Option[];
  /** The UTC day it was last updated (spec: a date). */
  lastUpdated: string;
  /** The instant, for a page to write the day in its reader's zone. */
  updatedAt: string;
  email?: string;
  phone?: string | null;
  adminAnonymous?: boolean;
  /** Opened from a board by the id of a profile since merged into this one: that id. */
  replaces?: string;
  canDownload: { pdf: boolean; cv: boolean; blindCv: boolean };
}

/** The autocomplete path of each lookup a filter names. */
export type LookupPath = 'job-titles' | 'skills' | 'locations' | 'languages' | 'industries' | 'tags' | 'admins';

export const searchApi = {
  search: (query: URLSearchParams, signal?: AbortSignal) => api<SearchAnswer>(`search?${query.toString()}`, { signal }),
  /** With `projectId` (opened from a board) the name and contact are what that project's board shows. */
  profile: (id: string, currency: string, signal?: AbortSignal, projectId?: string) =>
    api<Profile>(`search/candidates/${encodeURIComponent(id)}`, {
      query: { cur: currency, ...(projectId ? { projectId } : {}) },
      signal,
    }),
  suggest: (path: LookupPath, q: string, signal?: AbortSignal) =>
    api<Option[]>(`${path}/search`, { query: { q }, signal }),
  pdfUrl: (id: string) => `/api/v1/candidates/get-pdf?id=${encodeURIComponent(id)}`,
  cvUrl: (id: string) => `/api/v1/candidates/${encodeURIComponent(id)}/cv`,
  /** The blind CV: an admin-made one, or the anonymous profile. */
  blindCvUrl: (id: string) => `/api/v1/candidates/resume/${encodeURIComponent(id)}`,
};
