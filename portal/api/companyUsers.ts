/** The company's own users: the simple-rest list plus the team actions (spec section 7, "Company users"). */
import { api, apiList, type ListParams } from '../../ui/api/client';

export interface CompanyUserRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  email: string;
  phone: string | null;
  jobTitle: string | null;
  /** 0 pending, 1 active, 2 inactive. */
  status: number;
  /** 0 owner, 1 admin, 2 member. */
  role: number;
  profilePic: string | null;
  lastActiveAt: string | null;
  createdAt: string;
}

export interface TeamStats {
  totalCount: number;
  adminCount: number;
  memberCount: number;
}

export interface TransferTarget {
  id: string;
  name: string;
  email: string;
}

export const companyUsersApi = {
  list: (params: ListParams, signal?: AbortSignal) => apiList<CompanyUserRow>('company-users', params, signal),
  stats: () => api<TeamStats>('company-users/user-stat'),
  invite: (body: { email: string; firstName?: string; lastName?: string; role: number }) =>
    api<unknown>('company-users/invite', { method: 'POST', body }),
  resendInvitation: (id: string) => api<unknown>('company-users/resend-invitation', { method: 'POST', body: { id } }),
  setStatus: (users: string[], status: number) =>
    api<unknown>('company-users/status', { method: 'PUT', body: { users, status } }),
  setRole: (users: string[], companyRole: number) =>
    api<unknown>('company-users/role', { method: 'PUT', body: { users, companyRole } }),
  transferTargets: (id: string) => api<TransferTarget[]>('company-users/user-list-to-transfer', { query: { id } }),
  remove: (id: string, transferTo?: string) =>
    api<unknown>(`company-users/${encodeURIComponent(id)}`, { method: 'DELETE', query: { transferTo } }),
};
