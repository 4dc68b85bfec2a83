/**
 * Every route of the application, judged: the ones that answer with candidate data, each with the
 * requests the leak matrix sends to it, and the ones judged not to, each with the reason. The
 * matrix test reads the routes from the app (tests/helpers/fuzz/targets.ts) and fails on any
 * route in neither list, so a new route is judged before it ships; the GET routes judged not to
 * return candidate data are still swept for every candidate's markers, as every role.
 */
import { listQuery } from '../app';
import { ACCOUNT_ROUTES } from './accountRoutes';
import { DATA_RIGHTS_AND_DUPLICATES, DUPLICATE_DATA_ROUTES } from './curationRoutes';
import { STATES, type LeakWorld, type State } from './world';

export interface Probe {
  path: string;
  /** A 2xx answer is this candidate's profile as a document (a PDF), so it exposes their identity and contact whatever its bytes show. */
  document?: State;
}

export interface DataRoute {
  /** 'GET /api/v1/search' as the app mounts it. */
  key: string;
  probes(lw: LeakWorld): Probe[];
  /** Why no role and state of the matrix shows a marker here (else the route must show one somewhere, proving its probes reach data). */
  noWitness?: string;
}

const each = (lw: LeakWorld, make: (apiId: string, state: State) => string | string[]): Probe[] =>
  STATES.flatMap((s) => [make(lw.canaries[s].apiId, s)].flat().map((path) => ({ path })));

/** Projects a company reaches candidates through: Acme's with saved filters, Acme's without, another company's. */
const boards = (lw: LeakWorld) => [
  lw.w.projects.acme,
  lw.w.projects.acmeUnshared,
  lw.w.projects.globex,
  lw.w.projects.raasPower,
  lw.w.projects.internal,
];

export const DATA_ROUTES: DataRoute[] = [
  {
    key: 'GET /api/v1/search',
    probes: (lw) => [
      { path: '/search?pp=50' },
      { path: '/search?pp=50&p=2' },
      ...STATES.map((s) => ({ path: `/search?ns=${lw.canaries[s].markers.identity.firstName}` })),
      ...STATES.map((s) => ({ path: `/search?ts=${lw.canaries[s].markers.contact.email}` })),
    ],
  },
  {
    key: 'GET /api/v1/search/candidates/:id',
    probes: (lw) =>
      each(lw, (id) => [
        `/search/candidates/${id}`,
        ...boards(lw).map((p) => `/search/candidates/${id}?projectId=Project:${p}`),
      ]),
  },
  {
    key: 'GET /api/v1/projects/candidates/search',
    probes: (lw) =>
      boards(lw).flatMap((p) => [
        { path: `/projects/candidates/search?project_id=${p}&pp=50` },
        { path: `/projects/candidates/search?project_id=${p}&pp=50&ih=1` },
      ]),
  },
  {
    key: 'GET /api/v1/projects/tab/search',
    probes: (lw) =>
      boards(lw).flatMap((p) =>
        [0, 1, 2, 3, 4, 5, 6, 7].map((tab) => ({ path: `/projects/tab/search?project_id=${p}&tab=${tab}&pp=50` })),
      ),
  },
  {
    key: 'GET /api/v1/projects/candidate/list',
    probes: (lw) => each(lw, (id) => `/projects/candidate/list?candidateId=${id}`),
    noWitness: "answers the caller's projects a candidate is in, by id, never the candidate",
  },
  {
    key: 'GET /api/v1/projects/get-project-tab-by-candidate',
    probes: (lw) =>
      each(lw, (id) =>
        boards(lw).map((p) => `/projects/get-project-tab-by-candidate?project_guid=${p}&candidate_guid=${id}`),
      ),
    noWitness: 'answers the tab a candidate sits in, never the candidate',
  },
  {
    key: 'GET /api/v1/candidates',
    probes: () => [
      { path: `/candidates?${listQuery({ range: [0, 99] })}` },
      { path: `/candidates?${listQuery({ range: [0, 99], filter: { status: 2 } })}` },
    ],
  },
  { key: 'GET /api/v1/candidates/:id', probes: (lw) => each(lw, (id) => `/candidates/${id}`) },
  {
    key: 'GET /api/v1/candidate-experiences',
    probes: (lw) => each(lw, (id) => `/candidate-experiences?${listQuery({ filter: { candidateId: id } })}`),
    noWitness: "experiences name the candidate's employers, not the candidate",
  },
  {
    key: 'GET /api/v1/candidate-educations',
    probes: (lw) => each(lw, (id) => `/candidate-educations?${listQuery({ filter: { candidateId: id } })}`),
    noWitness: "educations name the candidate's schools, not the candidate",
  },
  {
    key: 'GET /api/v1/candidate-experiences/:id',
    probes: (lw) => lw.rows.experiences.map((id) => ({ path: `/candidate-experiences/${id}` })),
    noWitness: "an experience names the candidate's employer, not the candidate",
  },
  {
    key: 'GET /api/v1/candidate-educations/:id',
    probes: (lw) => lw.rows.educations.map((id) => ({ path: `/candidate-educations/${id}` })),
    noWitness: "an education names the candidate's school, not the candidate",
  },
  { key: 'GET /api/v1/candidates/:id/cv', probes: (lw) => each(lw, (id) => `/candidates/${id}/cv`) },
  {
    key: 'GET /api/v1/candidates/resume/:id',
    probes: (lw) => each(lw, (id) => `/candidates/resume/${id}`),
    noWitness: 'the blind CV is made without the name, picture and contact',
  },
  {
    key: 'GET /api/v1/candidates/get-pdf',
    probes: (lw) => STATES.map((s) => ({ path: `/candidates/get-pdf?id=${lw.canaries[s].apiId}`, document: s })),
  },
  {
    key: 'GET /api/v1/dashboard/ta-recruitment-event-log',
    probes: () => [{ path: '/dashboard/ta-recruitment-event-log' }],
  },
  {
    key: 'GET /api/v1/dashboard/interview-request-list',
    probes: () => [{ path: '/dashboard/interview-request-list' }],
    noWitness: 'no interview request was sent in this world',
  },
  {
    key: 'GET /api/v1/dashboard/recruiter',
    probes: () => [{ path: '/dashboard/recruiter' }],
    noWitness: 'counts and medians only',
  },
  { key: 'GET /api/v1/notifications', probes: () => [{ path: '/notifications?page=1' }] },
  {
    key: 'GET /api/v1/projects/:id',
    probes: (lw) => boards(lw).map((p) => ({ path: `/projects/Project:${p}` })),
    noWitness: "a project lists its candidates' ids and stages only",
  },
  {
    key: 'GET /api/v1/projects/find/:id',
    probes: (lw) => boards(lw).map((p) => ({ path: `/projects/find/Project:${p}` })),
    noWitness: "a project lists its candidates' ids and stages only",
  },
  {
    key: 'GET /api/v1/projects/interview-request/by-project',
    probes: (lw) => boards(lw).map((p) => ({ path: `/projects/interview-request/by-project?projectId=Project:${p}` })),
    noWitness: 'requests name the candidate by id only',
  },
  {
    key: 'GET /api/v1/candidate-note/:candidateId',
    probes: (lw) =>
      each(lw, (id) => [
        `/candidate-note/${id}`,
        ...boards(lw).map((p) => `/candidate-note/${id}?projectId=Project:${p}`),
      ]),
    noWitness: 'no note was written in this world',
  },
  {
    key: 'GET /api/v1/alerts/projects/:projectId/new',
    probes: (lw) => boards(lw).map((p) => ({ path: `/alerts/projects/Project:${p}/new` })),
    noWitness:
      'nobody turned an alert on in this world, so no candidate is new to anyone (tests/api/alerts.test.ts reads the cards)',
  },
  {
    key: 'GET /api/v1/projects/ai-match/:id/results',
    probes: () => [{ path: '/projects/ai-match/AiMatchRun:1/results' }],
    noWitness: 'admins only, and no AI match runs in this world',
  },
  ...DUPLICATE_DATA_ROUTES,
];

/**
 * Routes judged not to answer with candidate data, by reason. GET routes among them are swept
 * anyway (every role, every candidate's id in their parameters): a marker there fails the test.
 */
export const NOT_CANDIDATE_DATA: Record<string, string[]> = {
  'sign-in, sign-up and the caller’s own account (a candidate reads only their own record)': ACCOUNT_ROUTES,
  'ATS integrations: connections, jobs and runs of the company; a run log names a candidate only as the visibility rule shows them to the company (backend/features/integrations/sync.ts), and no ATS is connected in this world':
    [
      'GET /api/v1/integrations/integration-list',
      'POST /api/v1/integrations/add',
      'POST /api/v1/integrations/greenhouse',
      'PUT /api/v1/integrations/manual/sync/:id',
      'DELETE /api/v1/integrations/remove/:id',
      'GET /api/v1/integrations/run-log/:id',
      'GET /api/v1/integrations/jobs/:id',
      'PUT /api/v1/integrations/project-job/:id',
      'PUT /api/v1/integrations/credentials/:id',
      'GET /api/v1/integrations/already-known',
      'POST /api/v1/integrations/already-known/batch',
      'GET /api/v1/integrations/lever/sign-in',
      'GET /api/v1/integrations/lever/callback',
    ],
  'AI match runs: admins only; a run holds its job description, requirements, state and counts, never a candidate (its results route is judged above)':
    [
      'POST /api/v1/projects/ai-match',
      'GET /api/v1/projects/ai-match',
      'POST /api/v1/projects/ai-match/:id/judge',
      ...['cancel', 'rerun'].map((act) => `POST /api/v1/projects/ai-match/:id/${act}`),
      'GET /api/v1/projects/ai-status/:id',
    ],
  'the support chat: conversations of a project and the messages its people write, with no candidate record joined in':
    [
      'GET /api/v1/conversations',
      'GET /api/v1/conversations/:id',
      'PATCH /api/v1/conversations/:id',
      'GET /api/v1/projects/:projectId/conversation',
      'POST /api/v1/projects/:projectId/conversation/messages',
      'POST /api/v1/conversations/:id/messages',
      'POST /api/v1/conversations/:id/read',
      'POST /api/v1/conversations/:id/typing',
      'GET /api/v1/conversations/:id/messages/:messageId/attachment',
    ],
  ...DATA_RIGHTS_AND_DUPLICATES,
  'the development mailbox and WhatsApp log: mounted only outside production': [
    'GET /api/v1/dev/outbox',
    'GET /api/v1/dev/whatsapp',
    'GET /dev/mailbox',
  ],
  'company users, admins, companies, lookups, tags, credits and orders: no candidate in them': [
    'GET /api/v1/companies/list/user-invite',
    'GET /api/v1/locations/ip-info',
    'POST /api/v1/company-users/invite',
    'POST /api/v1/company-users/resend-invitation',
    'PUT /api/v1/company-users/status',
    'PUT /api/v1/company-users/role',
    'GET /api/v1/company-users/user-stat',
    'GET /api/v1/company-users/user-list-to-transfer',
    ...['/:id', ''].map((rest) => `DELETE /api/v1/company-users${rest}`),
    'GET /api/v1/job-titles/search',
    'GET /api/v1/locations/search',
    'GET /api/v1/skills/search',
    'GET /api/v1/languages/search',
    'GET /api/v1/citizenships/search',
    'GET /api/v1/industries/search',
    'GET /api/v1/countries/search',
    'GET /api/v1/companies/search',
    'GET /api/v1/admins/search',
    'GET /api/v1/tags/search',
    'GET /api/v1/credit/pricing',
    'POST /api/v1/credit/sales-order',
    'GET /api/v1/credit/order/:number',
    'GET /api/v1/credit/sales-order/:id/pdf',
    'POST /api/v1/credit/sales-order/:id/paid',
    'POST /api/v1/credit/instant-purchase/stripe',
    'POST /api/v1/credit/stripe/webhook',
    'GET /api/v1/credit/test-checkout/:session',
    'POST /api/v1/credit/test-checkout/:session/pay',
    'GET /api/v1/credit',
    'GET /api/v1/credit/logs',
    'GET /api/v1/credit/balance',
    'POST /api/v1/credit',
    'PUT /api/v1/credit/:id',
    'DELETE /api/v1/credit/:creditId/:creditDataId',
    ...[
      'countries',
      'cities',
      'job-titles',
      'skills',
      'languages',
      'industries',
      'citizenships',
      'currency-rates',
      'credits',
      'credit-logs',
    ].flatMap(crud),
    ...['companies', 'admins', 'tags', 'sales-orders'].flatMap((r) => [...crud(r), `PUT /api/v1/${r}/status`]),
    'GET /api/v1/company-users',
    'GET /api/v1/company-users/:id',
    'POST /api/v1/company-users',
    'PUT /api/v1/company-users/:id',
    ...crud('community-users'),
    'PUT /api/v1/community-users/status',
  ],
  'counts and periods of a candidate, never who they are': [
    'GET /api/v1/tags/semi-active-tag',
    'GET /api/v1/candidate-search-or-view-log/profile-insights/:candidateId/:period',
    'GET /api/v1/candidate-recruitment-stages-activity-log/profile-insights/:candidateId/:period',
    'GET /api/v1/projects/pipe-line',
    'GET /api/v1/projects/status/stats',
    'GET /api/v1/projects/raas/status',
    'GET /api/v1/dashboard/activity-per-week',
    'GET /api/v1/dashboard/project-overview-log-per-week',
    'GET /api/v1/dashboard/ta-project-assignment-log',
  ],
  'projects, their sharing and job descriptions: the people are company users': [
    'GET /api/v1/projects/search',
    'GET /api/v1/projects/company/admin/search',
    'GET /api/v1/projects/list',
    'GET /api/v1/projects',
    'GET /api/v1/projects/jd/:id',
    'GET /api/v1/projects/download/jd/:id',
    'GET /api/v1/projects/access/user/info',
    'GET /api/v1/projects/access/user/list',
    'GET /api/v1/project-share/access/user/list/to/add',
    'POST /api/v1/project-share/access/user',
    'DELETE /api/v1/project-share/access/user',
    'POST /api/v1/project-share/access/user/all',
    'POST /api/v1/projects/create',
    'POST /api/v1/projects/create/new-project',
    'PUT /api/v1/projects/update/project',
    'PUT /api/v1/projects/update/filters',
    'POST /api/v1/projects/duplicate-project',
    'POST /api/v1/projects/add-job-description',
    'POST /api/v1/projects/cancel',
    'POST /api/v1/projects/keep-renewing',
    'POST /api/v1/projects/upgrade',
    'POST /api/v1/projects/guarantee',
    'PUT /api/v1/projects',
    'PUT /api/v1/projects/status',
    'DELETE /api/v1/projects',
    'POST /api/v1/projects',
    'PUT /api/v1/projects/:id',
    'DELETE /api/v1/projects/:id',
  ],
  'writes about candidates that answer with a status, a count, stats or ids, never a profile': [
    'POST /api/v1/projects/candidate/access/grant',
    'POST /api/v1/candidate-search-or-view-log/profile-view',
    'POST /api/v1/candidate-search-or-view-log/search-appearance',
    'POST /api/v1/candidates/:id/pause',
    'POST /api/v1/candidates/:id/activate',
    'POST /api/v1/candidates/update/status',
    'POST /api/v1/projects/recruitment',
    'POST /api/v1/projects/candidate/hidden',
    'POST /api/v1/projects/candidate/favourite',
    'POST /api/v1/projects/candidate/seen',
    'POST /api/v1/projects/candidate/add',
    'POST /api/v1/projects/candidate/curate',
    'POST /api/v1/candidate-note',
    'PUT /api/v1/candidate-note/:key',
    'DELETE /api/v1/candidate-note/:key',
    'POST /api/v1/projects/candidate/interview/request',
    'POST /api/v1/projects/interview-request/check-and-approve',
    'POST /api/v1/projects/interview-request/reject',
    'POST /api/v1/projects/candidate/send/qualify/request',
    ...['candidates', 'candidate-experiences', 'candidate-educations'].flatMap((r) => [
      `DELETE /api/v1/${r}/:id`,
      `DELETE /api/v1/${r}`,
    ]),
  ],
  'admins-only writes of talent, answering the record an admin may read in full (refused to everyone else)': [
    'POST /api/v1/candidates',
    'PUT /api/v1/candidates/:id',
    'POST /api/v1/candidate-experiences',
    'PUT /api/v1/candidate-experiences/:id',
    'POST /api/v1/candidate-educations',
    'PUT /api/v1/candidate-educations/:id',
    'POST /api/v1/candidates/imports',
    'GET /api/v1/candidates/imports',
    'GET /api/v1/candidates/imports/:id',
    'GET /api/v1/candidates/imports/:id/report',
    'GET /api/v1/projects/candidate/qualify/requests',
  ],
  'what a candidate reads of a file they upload themselves, or of a request made to them (by its token)': [
    'POST /api/v1/candidates/cv-data',
    'GET /api/v1/projects/candidate/get/qualify/request/template',
    'GET /api/v1/whatsapp/webhook',
    'POST /api/v1/whatsapp/webhook',
  ],
  "the caller's own notifications' state and preferences (their texts are checked with GET /notifications)": [
    'GET /api/v1/notifications/unread-count',
    'POST /api/v1/notifications/read-all',
    'POST /api/v1/notifications/:id/read',
    'POST /api/v1/notifications/:id/archive',
    'GET /api/v1/notification-preferences',
    'PUT /api/v1/notification-preferences',
  ],
  "saved-search alerts: the caller's own alert on a project they read (and the list of their own, for search), with the ids (never a name) of candidates its suggested tab already shows them; the unsubscribe page names only the project; the console's volume counts per company (names reach people only through notifications and emails, checked by their own routes)":
    [
      'GET /api/v1/alerts/projects/:projectId',
      'GET /api/v1/alerts/mine',
      'PUT /api/v1/alerts/projects/:projectId',
      'POST /api/v1/alerts/projects/:projectId/looked',
      'GET /api/v1/alerts/unsubscribe',
      'POST /api/v1/alerts/unsubscribe',
      'GET /api/v1/alerts/companies',
      'PUT /api/v1/alerts/companies/:companyId',
    ],
  'the health and readiness checks, the metrics (counts by route and task), public pictures by unguessable key, and the pages of the web apps':
    [
      'GET /health',
      'GET /ready',
      'GET /metrics',
      'GET /uploads/*key',
      'GET /companies',
      'GET /admins',
      'GET /tags',
      'GET /talent',
      'GET /talent/*rest',
    ],
};

function crud(resource: string): string[] {
  const base = `/api/v1/${resource}`;
  return [`GET ${base}`, `GET ${base}/:id`, `POST ${base}`, `PUT ${base}/:id`, `DELETE ${base}/:id`, `DELETE ${base}`];
}
