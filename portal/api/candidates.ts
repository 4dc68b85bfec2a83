/** Candidate records as the generic API serves them. */
import { api } from '../../ui/api/client';

export interface CandidateRecord {
  id: string;
  firstName: string;
  lastName: string;
  name: string | null;
  email: string;
  phone: string | null;
  /** 0 pending curation, 1 active, 2 inactive, 3 semi-active, 4 pending activation. */
  status: number;
  visibility: boolean;
  createdAt: string;
  updatedAt: string;
}

export const candidatesApi = {
  get: (id: string) => api<CandidateRecord>(`candidates/${encodeURIComponent(id)}`),
};
