/** Every route of spec section 2 bound to its screen; RouteFrame applies the guard, title and frame. */
import type { ReactElement } from 'react';
import { matchRoutes, Navigate, Route, Routes } from 'react-router-dom';
import { lazyPage } from './lazyPage';
import { decideAccess, homeFor } from './access';
import { openingViewer } from './auth/AuthProvider';
import { useAuth } from './auth/authContext';
import { ConsoleRedirect } from './ConsoleRedirect';
import { CONSOLE } from './paths';
import { RouteFrame } from './RouteFrame';
import { ROUTE_RULES, type RouteId } from './routeRules';

// One line per page: each is its own chunk, loaded when its route is first shown.
const AccountPage = lazyPage(() => import('../features/account/AccountPage'), 'AccountPage');
const MyProfilePage = lazyPage(() => import('../features/account/MyProfilePage'), 'MyProfilePage');
const AiMatchPage = lazyPage(() => import('../features/ai-match/AiMatchPage'), 'AiMatchPage');
const ConfirmEmailPage = lazyPage(() => import('../features/auth/ConfirmEmailPage'), 'ConfirmEmailPage');
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage');
const MagicLinkPage = lazyPage(() => import('../features/auth/MagicLinkPage'), 'MagicLinkPage');
const SocialCallbackPage = lazyPage(() => import('../features/auth/SocialCallbackPage'), 'SocialCallbackPage');
const CandidateProfilePage = lazyPage(
  () => import('../features/candidate-profile/CandidateProfilePage'),
  'CandidateProfilePage',
);
const CommunitySignupPage = lazyPage(
  () => import('../features/community-signup/CommunitySignupPage'),
  'CommunitySignupPage',
);
const CommunityWelcomePage = lazyPage(
  () => import('../features/community-signup/CommunityWelcomePage'),
  'CommunityWelcomePage',
);
const InviteSignupPage = lazyPage(() => import('../features/company-signup/InviteSignupPage'), 'InviteSignupPage');
const SignupCompanyStep = lazyPage(() => import('../features/company-signup/SignupCompanyStep'), 'SignupCompanyStep');
const SignupCompletePage = lazyPage(
  () => import('../features/company-signup/SignupCompletePage'),
  'SignupCompletePage',
);
const SignupTeamStep = lazyPage(() => import('../features/company-signup/SignupTeamStep'), 'SignupTeamStep');
const SignupYouStep = lazyPage(() => import('../features/company-signup/SignupYouStep'), 'SignupYouStep');
const CompanyUsersPage = lazyPage(() => import('../features/company-users/CompanyUsersPage'), 'CompanyUsersPage');
const ActiveCreditsPage = lazyPage(() => import('../features/credits/CreditsPages'), 'ActiveCreditsPage');
const CompanyCreditsPage = lazyPage(() => import('../features/credits/CreditsPages'), 'CompanyCreditsPage');
const CreditLogPage = lazyPage(() => import('../features/credits/CreditsPages'), 'CreditLogPage');
const DashboardPage = lazyPage(() => import('../features/dashboards/DashboardPage'), 'DashboardPage');
const RecruiterDashboardPage = lazyPage(() => import('../features/dashboards/DashboardPage'), 'RecruiterDashboardPage');
const IntegrationsPage = lazyPage(() => import('../features/integrations/IntegrationsPage'), 'IntegrationsPage');
const InterviewRequestListPage = lazyPage(
  () => import('../features/interviews/InterviewRequestListPage'),
  'InterviewRequestListPage',
);
const InterviewRequestPage = lazyPage(
  () => import('../features/interviews/InterviewRequestPage'),
  'InterviewRequestPage',
);
const JdPreviewPage = lazyPage(() => import('../features/jd/JdPreviewPage'), 'JdPreviewPage');
const NotFoundPage = lazyPage(() => import('../features/not-found/NotFoundPage'), 'NotFoundPage');
const ProjectPipelinePage = lazyPage(() => import('../features/pipeline/ProjectPipelinePage'), 'ProjectPipelinePage');
const ProjectsPage = lazyPage(() => import('../features/projects/ProjectsPage'), 'ProjectsPage');
const SearchWithProjects = lazyPage(() => import('../features/projects/SearchWithProjects'), 'SearchWithProjects');
const SharedProjectPage = lazyPage(() => import('../features/projects/SharedProjectPage'), 'SharedProjectPage');
const TalentAddPage = lazyPage(() => import('../features/talent/TalentPages'), 'TalentAddPage');
const TalentEditPage = lazyPage(() => import('../features/talent/TalentPages'), 'TalentEditPage');
const TalentListPage = lazyPage(() => import('../features/talent/TalentPages'), 'TalentListPage');
const TalentViewPage = lazyPage(() => import('../features/talent/TalentPages'), 'TalentViewPage');
const TeamPage = lazyPage(() => import('../features/team/TeamPage'), 'TeamPage');
const TermsPage = lazyPage(() => import('../features/terms/TermsPage'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('../features/terms/PrivacyPage'), 'PrivacyPage');

function HomeRedirect() {
  const { viewer } = useAuth();
  return viewer ? <Navigate to={homeFor(viewer)} replace /> : null;
}

const SCREENS: Record<RouteId, ReactElement> = {
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
  privacy: <PrivacyPage />,
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

/**
 * The page the visit opens on starts loading with the entry, beside the session check, not after it: the address's
 * own page, or the one its guard sends this viewer to (a candidate opening /my-profile is shown their profile), known
 * once the check, asked for with the HTML, answers.
 */
function preloadOpeningPage() {
  const ids = Object.keys(ROUTE_RULES) as RouteId[];
  const routes = ids.map((id) => ({ id, path: ROUTE_RULES[id].path }));
  const preload = (to: string) => {
    const [match] = matchRoutes(routes, to) ?? [];
    const type = match && (SCREENS[match.route.id as RouteId].type as { preload?: () => Promise<unknown> });
    // A failed early fetch is asked again by the render.
    type?.preload?.().catch(() => {});
  };
  const { pathname, search } = window.location;
  const [match] = matchRoutes(routes, pathname) ?? [];
  if (!match) return;
  const { access } = ROUTE_RULES[match.route.id as RouteId];
  if (access.kind === 'public') return preload(pathname);
  void openingViewer.then((viewer) => {
    const decision = decideAccess(access, viewer, { pathname, search });
    preload(decision.render ? pathname : decision.to);
  });
}
preloadOpeningPage();

export function AppRoutes() {
  return (
    <Routes>
      {(Object.keys(ROUTE_RULES) as RouteId[]).map((id) => (
        <Route
          key={id}
          path={ROUTE_RULES[id].path}
          element={<RouteFrame rule={ROUTE_RULES[id]}>{SCREENS[id]}</RouteFrame>}
        />
      ))}
    </Routes>
  );
}
