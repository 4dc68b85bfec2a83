/**
 * The admin dashboards under /dashboard/: each page, and the charts library with it, is loaded only
 * when its route is opened. The interview-request list is the interviews capability's page.
 */
import { Skeleton } from '@mui/material';
import { lazy } from 'react';
import { OnDemand } from '../../components/OnDemand';

export type DashboardKind = 'weekly' | 'assigned' | 'recruitment' | 'projectOverview';

const PAGES = {
  weekly: lazy(() => import('./WeeklyDashboard')),
  projectOverview: lazy(() => import('./ProjectOverviewDashboard')),
  assigned: lazy(() => import('./AssignmentLogDashboard')),
  recruitment: lazy(() => import('./RecruitmentLogDashboard')),
};

const Recruiter = lazy(() => import('./RecruiterDashboard'));

/** /projects/dashboard: a company's own dashboard (admins choose the company). */
export function RecruiterDashboardPage() {
  return (
    <OnDemand fallback={<Skeleton variant="rectangular" height={400} />}>
      <Recruiter />
    </OnDemand>
  );
}

export function DashboardPage({ kind }: { kind: DashboardKind }) {
  const Page = PAGES[kind];
  return (
    <OnDemand fallback={<Skeleton variant="rectangular" height={400} />}>
      <Page />
    </OnDemand>
  );
}
