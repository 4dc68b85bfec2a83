/** The admins' dashboard calls (GET /api/v1/dashboard/...) and their answers. */
import { api } from '../../ui/api/client';

export type StageKey =
  'open' | 'qualify' | 'shortlist' | 'interviewing' | 'interviewing2' | 'offered' | 'placed' | 'rejected';
export type DashboardQuery = Record<string, string | number | undefined>;
export interface Pagination {
  currentPage: number;
  pageSize: number;
  pagesCount: number;
  dataCount: number;
  /** More rows than are counted exactly: dataCount is the cap, shown as "10,000+". */
  countCapped?: boolean;
}
interface Range {
  range: { from: string; to: string };
}
export interface WeekRow {
  week: string;
  total: number;
  stages: Record<StageKey, number>;
}
export interface OverviewRow {
  week: string;
  company: { id: string; companyName: string } | null;
  created: number;
  active: number;
  paused: number;
  inactive: number;
  stages: Record<StageKey, number>;
}
export interface AssignmentRow {
  id: string;
  role: 'advocate' | 'ownerAdmin';
  at: string;
  project: { id: string; title: string };
  company: { id: string; companyName: string } | null;
  assigned: { id: string; name: string | null } | null;
  previous: { id: string; name: string | null } | null;
  assignedBy: string | null;
}
export type EventKind = 'move' | 'rejection' | 'reveal' | 'note' | 'interview' | 'qualify';
export interface EventRow {
  id: string;
  kind: EventKind;
  activity: string;
  fromStage: StageKey | null;
  toStage: StageKey | null;
  at: string;
  actor: { kind: string | null; name: string | null };
  project: { id: string; title: string | null } | null;
  company: { id: string; companyName: string } | null;
  candidate: { id: string; name: string | null; adminAnonymous: boolean };
}

export const dashboardsApi = {
  weekly: (q: DashboardQuery) =>
    api<Range & { stages: StageKey[]; data: WeekRow[] }>('dashboard/activity-per-week', { query: q }),
  overview: (q: DashboardQuery) =>
    api<Range & { stages: StageKey[]; data: OverviewRow[]; pagination: Pagination }>(
      'dashboard/project-overview-log-per-week',
      { query: q },
    ),
  assignments: (q: DashboardQuery) =>
    api<Range & { data: AssignmentRow[]; pagination: Pagination }>('dashboard/ta-project-assignment-log', { query: q }),
  events: (q: DashboardQuery) =>
    api<Range & { data: EventRow[]; pagination: Pagination }>('dashboard/ta-recruitment-event-log', { query: q }),
};

export interface RecruiterDashboard {
  range: { from: string; to: string };
  /** The zone whose days the period's are (the `timeZone` asked, else UTC). */
  timeZone: string;
  company: { id: string };
  projects: { id: string; title: string; status: number }[];
  stages: StageKey[];
  funnel: Record<StageKey, number>;
  movedInto: Record<StageKey, number>;
  conversion: { from: StageKey; to: StageKey; rate: number | null }[];
  medianDays: Record<StageKey, number | null>;
  /** The medians were read from an even share of the period's stays (more than 10,000). */
  medianDaysEstimated: boolean;
  interviewRequests: { sent: number; answered: number; approved: number };
  creditsSpent: number;
}

export const recruiterApi = {
  get: (q: DashboardQuery) => api<RecruiterDashboard>('dashboard/recruiter', { query: q }),
};
