/** Every route of spec section 2 bound to its screen; RouteFrame applies the guard, title and frame. */
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AccountPage } from '../features/account/AccountPage';
import { MyProfilePage } from '../features/account/MyProfilePage';
import { AiMatchPage } from '../features/ai-match/AiMatchPage';
import { ConfirmEmailPage } from '../features/auth/ConfirmEmailPage';
import { LoginPage } from '../features/auth/LoginPage';
import { MagicLinkPage } from '../features/auth/MagicLinkPage';
import { SocialCallbackPage } from '../features/auth/SocialCallbackPage';
import { CandidateProfilePage } from '../features/candidate-profile/CandidateProfilePage';
import { CommunitySignupPage } from '../features/community-signup/CommunitySignupPage';
import { CommunityWelcomePage } from '../features/community-signup/CommunityWelcomePage';
import { InviteSignupPage } from '../features/company-signup/InviteSignupPage';
import { SignupCompanyStep } from '../features/company-signup/SignupCompanyStep';
import { SignupCompletePage } from '../features/company-signup/SignupCompletePage';
import { SignupTeamStep } from '../features/company-signup/SignupTeamStep';
import { SignupYouStep } from '../features/company-signup/SignupYouStep';
import { CompanyUsersPage } from '../features/company-users/CompanyUsersPage';
import { ActiveCreditsPage, CompanyCreditsPage, CreditLogPage } from '../features/credits/CreditsPages';
import { DashboardPage, RecruiterDashboardPage } from '../features/dashboards/DashboardPage';
import { IntegrationsPage } from '../features/integrations/IntegrationsPage';
import { InterviewRequestListPage } from '../features/interviews/InterviewRequestListPage';
import { InterviewRequestPage } from '../features/interviews/InterviewRequestPage';
import { JdPreviewPage } from '../features/jd/JdPreviewPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { ProjectPipelinePage } from '../features/pipeline/ProjectPipelinePage';
import { ProjectsPage } from '../features/projects/ProjectsPage';
import { SearchWithProjects } from '../features/projects/SearchWithProjects';
import { SharedProjectPage } from '../features/projects/SharedProjectPage';
import { TalentAddPage, TalentEditPage, TalentListPage, TalentViewPage } from '../features/talent/TalentPages';
import { TeamPage } from '../features/team/TeamPage';
import { TermsPage } from '../features/terms/TermsPage';
import { homeFor } from './access';
import { useAuth } from './auth/authContext';
import { ConsoleRedirect } from './ConsoleRedirect';
import { CONSOLE } from './paths';
import { RouteFrame } from './RouteFrame';
import { ROUTE_RULES, type RouteId } from './routeRules';

function HomeRedirect() {
  const { viewer } = useAuth();
  return viewer ? <Navigate to={homeFor(viewer)} replace /> : null;
}

const SCREENS: Record<RouteId, ReactNode> = {
  home: <HomeRedirect />,
  login: <LoginPage />,
  confirmEmail: <ConfirmEmailPage />,
  magicLink: <MagicLinkPage />,
  socialCallback: <SocialCallbackPage />,
  companySignup1: <SignupYouStep />,
  companySignup2: <SignupCompanyStep />,
  companySignup3: <SignupTeamStep />,
  companySignupComplete: <SignupCompletePage />,
  inviteSignup: <InviteSignupPage />,
  communitySignup: <CommunitySignupPage />,
  communityWelcome: <CommunityWelcomePage />,
  search: <SearchWithProjects />,
  companies: <ConsoleRedirect to={CONSOLE.companies} keepQuery />,
  companyUsers: <CompanyUsersPage />,
  team: <TeamPage />,
  projects: <ProjectsPage />,
  sharedProject: <SharedProjectPage />,
  project: <ProjectPipelinePage />,
  talent: <TalentListPage />,
  talentAdd: <TalentAddPage />,
  talentEdit: <TalentEditPage />,
  talentView: <TalentViewPage />,
  activeCredits: <ActiveCreditsPage />,
  creditLog: <CreditLogPage />,
  companyCredits: <CompanyCreditsPage />,
  tags: <ConsoleRedirect to={CONSOLE.tags} keepQuery />,
  admins: <ConsoleRedirect to={CONSOLE.admins} keepQuery />,
  account: <AccountPage />,
  integrations: <IntegrationsPage />,
  myProfile: <MyProfilePage />,
  jdPreview: <JdPreviewPage />,
  interviewRequest: <InterviewRequestPage />,
  terms: <TermsPage />,
  aiMatch: <AiMatchPage />,
  recruiterDashboard: <RecruiterDashboardPage />,
  dashboardWeekly: <DashboardPage kind="weekly" />,
  dashboardAssigned: <DashboardPage kind="assigned" />,
  dashboardRecruitment: <DashboardPage kind="recruitment" />,
  dashboardProjectOverview: <DashboardPage kind="projectOverview" />,
  dashboardInterviewRequests: <InterviewRequestListPage />,
  candidateProfile: <CandidateProfilePage />,
  notFound: <NotFoundPage />,
};

export function AppRoutes() {
  return (
    <Routes>
      {(Object.keys(ROUTE_RULES) as RouteId[]).map((id) => (
        <Route key={id} path={ROUTE_RULES[id].path} element={<RouteFrame rule={ROUTE_RULES[id]}>{SCREENS[id]}</RouteFrame>} />
      ))}
    </Routes>
  );
}
