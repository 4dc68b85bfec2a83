/** The candidate's own calls: their profile, CV upload, pause/activate, email change and insights. */
import { api, apiList, send } from '../../../ui/api/client';
import { saveResponse } from '../../../ui/api/saveBlob';
import type { CvUpload } from '../../../ui/candidate-profile/cvFiles';
import type { LookupClient, SuggestedOption } from '../../../ui/candidate-profile/lookups';
import type { InsightsAnswer } from './insights';

export type CandidateProfile = Record<string, unknown> & {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  status: number;
  selfChosenStatus: boolean;
  visibility: boolean;
  createdAt: string;
};

const path = (id: string) => `candidates/${encodeURIComponent(id)}`;

export const profileApi = {
  get: (id: string) => api<CandidateProfile>(path(id)),
  update: (id: string, body: Record<string, unknown>) => api<CandidateProfile>(path(id), { method: 'PUT', body }),
  pause: (id: string) => api<CandidateProfile>(`${path(id)}/pause`, { method: 'POST' }),
  activate: (id: string) => api<CandidateProfile>(`${path(id)}/activate`, { method: 'POST' }),
  uploadCv: (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api<CvUpload>('candidates/cv-data', { method: 'POST', body });
  },
  requestEmailChange: (id: string, email: string) =>
    api<{ isSend: boolean; email: string; expiresInMinutes: number }>(
      `candidate-email-change-request/is-send-confirmation-email-for-update/${encodeURIComponent(id)}`,
      { method: 'POST', body: { email } },
    ),
  confirmEmailChange: (id: string, code: string) =>
    api<{ updated: boolean; email: string }>(
      `candidate-email-change-request/confirm-email-to-update/${encodeURIComponent(id)}`,
      {
        method: 'PUT',
        body: { code },
      },
    ),
  /** Their CV as uploaded, handed to the browser as a download. */
  downloadCv: async (id: string) => {
    await saveResponse(await send(`${path(id)}/cv`), 'cv');
  },
  insights: async (id: string): Promise<InsightsAnswer> => {
    const [views, stages] = await Promise.all([
      api<InsightsAnswer['views']>(`candidate-search-or-view-log/profile-insights/${encodeURIComponent(id)}/all`),
      api<InsightsAnswer['stages']>(
        `candidate-recruitment-stages-activity-log/profile-insights/${encodeURIComponent(id)}/all`,
      ),
    ]);
    return { views, stages };
  },
};

/** Lookup rows (cities, skills, ...) for the profile form's pickers. */
export const portalLookups: LookupClient = {
  list: async (resource, { filter, perPage, sort }) =>
    (await apiList<Record<string, unknown>>(resource, { filter, sort, range: [0, perPage - 1] })).data,
  suggest: (path, q) => api<SuggestedOption[]>(`${path}/search`, { query: { q } }),
};
