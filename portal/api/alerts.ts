/** Saved-search alerts: the calls the project page's alert panel and the search page make. */
import { api } from '../../ui/api/client';
import type { SearchDoc } from './search';

export type AlertFrequency = 'off' | 'daily' | 'weekly';

export interface AlertState {
  eligible: boolean;
  subscribed: boolean;
  frequency?: AlertFrequency;
  timeZone?: string | null;
  offForCompany?: boolean;
  /** False while the project is paused or closed: its alerts are silent until it is active again. */
  projectActive?: boolean;
  newCount: number;
  since?: string | null;
  newCandidateIds: string[];
  /** The project's saved search, its query without `?`. */
  filters?: string;
}

/** One of the caller's alerts and its new candidates, for the search page. */
export interface SearchNews {
  projectId: string;
  title: string;
  filters: string;
  link: string;
  newCount: number;
  since: string;
  newCandidateIds: string[];
}

export const alertMine = (signal?: AbortSignal) => api<{ data: SearchNews[] }>('/alerts/mine', { signal });

const base = (projectId: string) => `/alerts/projects/${encodeURIComponent(projectId)}`;

export const alertFind = (projectId: string, signal?: AbortSignal) => api<AlertState>(base(projectId), { signal });

export const alertSave = (projectId: string, body: { on: boolean; frequency?: AlertFrequency; timeZone?: string }) =>
  api<AlertState>(base(projectId), { method: 'PUT', body });

export const alertNewCards = (projectId: string, signal?: AbortSignal) =>
  api<{ docs: SearchDoc[]; newCount: number; since: string | null }>(`${base(projectId)}/new`, { signal });

export const alertLooked = (projectId: string) =>
  api<{ seen: number }>(`${base(projectId)}/looked`, { method: 'POST' });
