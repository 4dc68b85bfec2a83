/** Every route path of the portal (spec section 2), and the console addresses menus open. */
export const PATHS = {
  home: '/',
  login: '/auth/login',
  confirmEmail: '/auth/confirm-email',
  magicLink: '/auth/magic-link',
  socialCallback: '/auth/social-callback',
  companySignupStep: (step: 1 | 2 | 3) => `/auth/company/signup/${step}`,
  companySignupComplete: '/auth/company/signup/complete',
  inviteSignup: '/auth/company/invite-signup',
  communitySignup: '/community/auth/signup',
  communityWelcome: '/community/welcome',
  search: '/search',
  companies: '/companies',
  companyUsers: '/company-users',
  team: '/team',
  projects: '/projects',
  project: (id: string) => `/project/${encodeURIComponent(id)}`,
  talent: '/talent',
  talentAdd: '/talent/add',
  activeCredits: '/credits/active-credits',
  creditLog: '/credits/log',
  companyCredits: '/credits/company',
  tags: '/tags',
  admins: '/admins',
  account: '/account',
  integrations: '/integrations',
  myProfile: '/my-profile',
  terms: '/terms-of-service',
  aiMatch: '/ai-match',
  dashboardWeekly: '/dashboard/ta-dashboard-weekly',
  dashboardAssigned: '/dashboard/ta-assigned-activity',
  dashboardRecruitment: '/dashboard/ta-recruitment-activity',
  dashboardProjectOverview: '/dashboard/project-overview',
  dashboardInterviewRequests: '/dashboard/interview-request',
  candidateProfile: '/candidate/profile',
} as const;

const filterQuery = (filter: Record<string, unknown>) => `?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** Screens of the react-admin console (served under /admin): opened with a full page navigation. */
export const CONSOLE = {
  // "All …" links carry an explicit empty filter: a bare list address reopens the filter the console last used.
  companies: `/admin/companies${filterQuery({})}`,
  pendingCompanies: `/admin/companies${filterQuery({ status: 0 })}`,
  addCompany: '/admin/companies/create',
  companyUsers: `/admin/company-users${filterQuery({})}`,
  addCompanyUser: '/admin/company-users/create',
  admins: '/admin/admins',
  tags: '/admin/tags',
  talent: `/admin/talent${filterQuery({})}`,
  pendingCuration: `/admin/talent${filterQuery({ status: 0 })}`,
  pendingActivation: `/admin/talent${filterQuery({ status: 4 })}`,
} as const;
