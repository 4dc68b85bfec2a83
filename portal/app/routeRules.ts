/**
 * Each route of spec section 2: its path pattern, who may open it and its title key. Where a page
 * is about an entity, who may open it is the one ability's answer (schema/ability.ts, the server's
 * own permissions); console and dashboard pages stay listed by role.
 */
import type { Action } from '../../schema';
import type { Access } from './access';
import type { Role } from './viewer';

export interface RouteRule {
  path: string;
  access: Access;
  /** Every route has a title of its own (`<page> | Talentbase`). */
  titleKey: string;
}

const PUBLIC: Access = { kind: 'public' };
const RESTRICTED: Access = { kind: 'restricted' };
const only = (...roles: Role[]): Access => ({ kind: 'private', roles });
const SIGNED_IN: Access = { kind: 'private' };
const STAFF = ['admin', 'company', 'raasCompany'] as const;
/** Signed in and allowed `action` on `subject`, within `roles` when given. */
const allowed = (action: Action, subject: string, ...roles: Role[]): Access => ({
  kind: 'private',
  can: [action, subject],
  ...(roles.length ? { roles } : {}),
});

export const ROUTE_RULES = {
  home: { path: '/', access: SIGNED_IN, titleKey: 'portal.titles.home' },
  login: { path: '/auth/login/:redirectUrl?', access: RESTRICTED, titleKey: 'portal.titles.login' },
  // Only the signed-in owner of the account completes an email change: a visitor signs in first and comes back.
  confirmEmail: { path: '/auth/confirm-email', access: SIGNED_IN, titleKey: 'portal.titles.confirmEmail' },
  magicLink: { path: '/auth/magic-link', access: PUBLIC, titleKey: 'portal.titles.login' },
  socialCallback: { path: '/auth/social-callback', access: PUBLIC, titleKey: 'portal.titles.login' },
  companySignup1: { path: '/auth/company/signup/1', access: RESTRICTED, titleKey: 'portal.titles.companySignup' },
  companySignup2: { path: '/auth/company/signup/2', access: RESTRICTED, titleKey: 'portal.titles.companySignup' },
  companySignup3: { path: '/auth/company/signup/3', access: RESTRICTED, titleKey: 'portal.titles.companySignup' },
  companySignupComplete: {
    path: '/auth/company/signup/complete',
    access: PUBLIC,
    titleKey: 'portal.titles.companySignup',
  },
  inviteSignup: { path: '/auth/company/invite-signup', access: RESTRICTED, titleKey: 'portal.titles.companySignup' },
  communitySignup: { path: '/community/auth/signup', access: RESTRICTED, titleKey: 'portal.titles.communitySignup' },
  communityWelcome: { path: '/community/welcome', access: PUBLIC, titleKey: 'portal.titles.communityWelcome' },
  search: { path: '/search', access: allowed('search', 'Candidate'), titleKey: 'portal.titles.search' },
  companies: { path: '/companies', access: only('admin'), titleKey: 'portal.titles.companies' },
  companyUsers: {
    path: '/company-users',
    access: allowed('read', 'CompanyUser'),
    titleKey: 'portal.titles.allCompanyUsers',
  },
  team: {
    path: '/team',
    access: allowed('create', 'CompanyUser', 'company', 'raasCompany'),
    titleKey: 'portal.titles.team',
  },
  projects: { path: '/projects', access: allowed('read', 'Project'), titleKey: 'portal.titles.projects' },
  recruiterDashboard: {
    path: '/projects/dashboard',
    access: allowed('read', 'Project'),
    titleKey: 'portal.titles.recruiterDashboard',
  },
  project: { path: '/project/:id', access: allowed('read', 'Project'), titleKey: 'portal.titles.project' },
  sharedProject: {
    path: '/shared-project/:id',
    access: only(...STAFF),
    titleKey: 'portal.projectsPortal.sharedPage.title',
  },
  talent: { path: '/talent', access: only('admin'), titleKey: 'portal.titles.talent' },
  talentAdd: { path: '/talent/add', access: only('admin'), titleKey: 'portal.titles.addTalent' },
  talentEdit: { path: '/talent/edit/:id', access: only('admin'), titleKey: 'portal.titles.editTalent' },
  talentView: { path: '/talent/:id', access: only('admin'), titleKey: 'portal.titles.talent' },
  activeCredits: { path: '/credits/active-credits', access: only('admin'), titleKey: 'portal.titles.activeCredits' },
  creditLog: { path: '/credits/log', access: only('admin'), titleKey: 'portal.titles.creditLog' },
  companyCredits: {
    path: '/credits/company',
    access: allowed('read', 'Credit', 'raasCompany'),
    titleKey: 'portal.titles.credits',
  },
  tags: { path: '/tags', access: only('admin'), titleKey: 'portal.titles.tags' },
  admins: { path: '/admins', access: only('admin'), titleKey: 'portal.titles.admins' },
  account: { path: '/account', access: only(...STAFF), titleKey: 'portal.titles.account' },
  // The same people the account menu offers it to: a company's owner and admins.
  integrations: {
    path: '/integrations',
    access: allowed('create', 'CompanyUser', 'company'),
    titleKey: 'portal.titles.integrations',
  },
  myProfile: { path: '/my-profile', access: only(...STAFF), titleKey: 'portal.titles.myProfile' },
  jdPreview: { path: '/jd/:interviewGuid/:timestamp', access: PUBLIC, titleKey: 'portal.titles.jobDescription' },
  // The candidate's answer page: the token in the link is the access (spec: reached by irt, av and m).
  interviewRequest: { path: '/interview-request', access: PUBLIC, titleKey: 'portal.titles.interviewRequest' },
  terms: { path: '/terms-of-service', access: PUBLIC, titleKey: 'portal.titles.terms' },
  privacy: { path: '/privacy-notice', access: PUBLIC, titleKey: 'portal.titles.privacy' },
  aiMatch: { path: '/ai-match', access: only('admin'), titleKey: 'portal.titles.aiMatch' },
  dashboardWeekly: {
    path: '/dashboard/ta-dashboard-weekly',
    access: only('admin'),
    titleKey: 'portal.titles.dashboardWeekly',
  },
  dashboardAssigned: {
    path: '/dashboard/ta-assigned-activity',
    access: only('admin'),
    titleKey: 'portal.titles.dashboardAssigned',
  },
  dashboardRecruitment: {
    path: '/dashboard/ta-recruitment-activity',
    access: only('admin'),
    titleKey: 'portal.titles.dashboardRecruitment',
  },
  dashboardProjectOverview: {
    path: '/dashboard/project-overview',
    access: only('admin'),
    titleKey: 'portal.titles.dashboardProjectOverview',
  },
  dashboardInterviewRequests: {
    path: '/dashboard/interview-request',
    access: only('admin'),
    titleKey: 'portal.titles.dashboardInterviewRequests',
  },
  candidateProfile: {
    path: '/candidate/profile',
    access: only('candidate'),
    titleKey: 'portal.titles.candidateProfile',
  },
  notFound: { path: '*', access: PUBLIC, titleKey: 'portal.titles.notFound' },
} satisfies Record<string, RouteRule>;

export type RouteId = keyof typeof ROUTE_RULES;
