/** Saved-search alerts of a project: the calls the project page's alert panel makes. */
import { api } from '../../ui/api/client';
import type { SearchDoc } from './search';

export type AlertFrequency = 'off' | 'daily' | 'weekly';

export interface AlertState {
  eligible: boolean;
  subscribed: boolean;
  frequency?: AlertFrequency;
  timeZone?: string | null;
  offForCompany?: boolean;
  newCount: number;
  since?: string | null;
  newCandidateIds: string[];
}

const base = (projectId: string) => `/alerts/projects/${encodeURIComponent(projectId)}`;

export const alertFind = (projectId: string, signal?: AbortSignal) => api<AlertState>(base(projectId), { signal });

export const alertSave = (projectId: string, body: { on: boolean; frequency?: AlertFrequency; timeZone?: string }) =>
  api<AlertState>(base(projectId), { method: 'PUT', body });

export const alertNewCards = (projectId: string, signal?: AbortSignal) =>
  api<{ docs: SearchDoc[]; newCount: number; since: string | null }>(`${base(projectId)}/new`, { signal });

export const alertLooked = (projectId: string) =>
  api<{ seen: number }>(`${base(projectId)}/looked`, { method: 'POST' });
