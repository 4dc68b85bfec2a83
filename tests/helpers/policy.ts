/**
 * The expected policy, written by hand from spec section 6 (and the screens of section 2 it
 * refers to), independent of the schema's `permissions` declarations: role × resource × action →
 * allow or deny. "Allow" means the role may do it to at least the rows the spec gives it (its own
 * profile, its own company's users); "deny" means to none. The permission tests hold the API to
 * this table, so a wrong declaration fails a test.
 */
import type { CrudAction } from './declared';
import type { DemoRole } from './actors';

type Cell = 'allow' | 'deny';
type Grants = Record<CrudAction, Cell>;

const all: Grants = { read: 'allow', create: 'allow', update: 'allow', delete: 'allow' };
const none: Grants = { read: 'deny', create: 'deny', update: 'deny', delete: 'deny' };
const readOnly: Grants = { ...none, read: 'allow' };
/** Read and change one's own row only (a profile): never create or delete it. */
const ownProfile: Grants = { ...none, read: 'allow', update: 'allow' };

/** The demo people of the permission tests, by label (tests/helpers/actors.ts). */
export type PolicyRole =
  'guest' | 'general' | 'advocate' | 'companyAdmin' | 'companyMember' | 'raasAdmin' | 'candidate';

export function policyRole(demo: DemoRole): PolicyRole {
  if (demo.role === 'admin') return demo.adminType === 'advocate' ? 'advocate' : 'general';
  if (demo.role === 'company') return demo.subRole === 'member' ? 'companyMember' : 'companyAdmin';
  if (demo.role === 'raasCompany') return 'raasAdmin';
  return demo.role as 'guest' | 'candidate';
}

const LOOKUPS = ['citizenships', 'cities', 'countries', 'industries', 'job-titles', 'languages', 'skills'];

// Lookups: every form picks from them, the public sign-up forms included; admins curate them.
const lookup: Record<PolicyRole, Grants> = {
  guest: readOnly,
  general: all,
  advocate: all,
  companyAdmin: readOnly,
  companyMember: readOnly,
  raasAdmin: readOnly,
  candidate: readOnly,
};

export const POLICY: Record<string, Record<PolicyRole, Grants>> = {
  ...Object.fromEntries(LOOKUPS.map((resource) => [resource, lookup])),
  // "Admin: everything: ... admins" and the /admins screen. Admins are managed by the General
  // type; a talent advocate sees them and keeps their own profile ("my profile").
  admins: {
    guest: none,
    general: all,
    advocate: ownProfile,
    companyAdmin: none,
    companyMember: none,
    raasAdmin: none,
    candidate: none,
  },
  // "Admin: talent add, edit and view"; "Candidate: only their own profile page". Companies meet
  // candidates through search and projects, never this list.
  candidates: {
    guest: none,
    general: all,
    advocate: all,
    companyAdmin: none,
    companyMember: none,
    raasAdmin: none,
    candidate: ownProfile,
  },
  // A candidate's experience and education are part of their own profile page.
  'candidate-experiences': {
    guest: none,
    general: all,
    advocate: all,
    companyAdmin: none,
    companyMember: none,
    raasAdmin: none,
    candidate: all,
  },
  'candidate-educations': {
    guest: none,
    general: all,
    advocate: all,
    companyAdmin: none,
    companyMember: none,
    raasAdmin: none,
    candidate: all,
  },
  // Community users sign up themselves and are sent to the community site; admins look after them.
  'community-users': {
    guest: none,
    general: { ...all, create: 'deny' },
    advocate: { ...all, create: 'deny' },
    companyAdmin: none,
    companyMember: none,
    raasAdmin: none,
    candidate: none,
  },
  // "Admin: companies"; a company sees its own company (the company users page) and changes none
  // of it: no screen of section 2 edits a company but the admins'.
  companies: {
    guest: none,
    general: all,
    advocate: all,
    companyAdmin: readOnly,
    companyMember: readOnly,
    raasAdmin: readOnly,
    candidate: none,
  },
  // "Admin: all company users"; "Company, RaasCompany: own company users"; the team page (invite,
  // change, remove) for the company sub-role admin; everyone keeps their own profile.
  'company-users': {
    guest: none,
    general: all,
    advocate: all,
    companyAdmin: all,
    companyMember: ownProfile,
    raasAdmin: all,
    candidate: none,
  },
  // Salary filters and figures compare across currencies (spec section 2's salary range and currency):
  // admins keep the rates, companies read them wherever salaries are shown (search, projects).
  'currency-rates': {
    guest: none,
    general: all,
    advocate: all,
    companyAdmin: readOnly,
    companyMember: readOnly,
    raasAdmin: readOnly,
    candidate: none,
  },
  // "Admin: tags"; companies filter search by active tags and see them on candidates in projects.
  tags: {
    guest: none,
    general: all,
    advocate: all,
    companyAdmin: readOnly,
    companyMember: readOnly,
    raasAdmin: readOnly,
    candidate: none,
  },
  // "Admin: credits grant, update and delete, credit log"; "RaasCompany: own credits page"; companies
  // where plans are charged see their balance. Credits move only through the credit calls (the
  // ledger), never by writing these rows: every role reads them at most.
  credits: {
    guest: none,
    general: readOnly,
    advocate: readOnly,
    companyAdmin: readOnly,
    companyMember: readOnly,
    raasAdmin: readOnly,
    candidate: none,
  },
  'credit-logs': {
    guest: none,
    general: readOnly,
    advocate: readOnly,
    companyAdmin: readOnly,
    companyMember: readOnly,
    raasAdmin: readOnly,
    candidate: none,
  },
  // "Company, RaasCompany, Admin: /projects"; a company's Owner and Admins see all its projects, a
  // Member the ones they own or that were shared with them (spec section 2's project sharing).
  projects: {
    guest: none,
    general: all,
    advocate: all,
    companyAdmin: all,
    companyMember: all,
    raasAdmin: all,
    candidate: none,
  },
  // Candidates' data rights: the admins' erasure queue and the append-only log of exports, consents, erasures and
  // holds are read in the console; they change only through the data-rights calls.
  'erasure-requests': {
    guest: none,
    general: readOnly,
    advocate: readOnly,
    companyAdmin: none,
    companyMember: none,
    raasAdmin: none,
    candidate: none,
  },
  // Consents, retention runs, exports and correction requests are read in the console and change only through the
  // data-rights calls (a candidate's own consents, export and corrections are answered there, never by id).
  'candidate-consents': {
    guest: none,
    general: readOnly,
    advocate: readOnly,
    companyAdmin: none,
    companyMember: none,
    raasAdmin: none,
    candidate: none,
  },
  'retention-runs': {
    guest: none,
    general: readOnly,
    advocate: readOnly,
    companyAdmin: none,
    companyMember: none,
    raasAdmin: none,
    candidate: none,
  },
  'data-exports': {
    guest: none,
    general: readOnly,
    advocate: readOnly,
    companyAdmin: none,
    companyMember: none,
    raasAdmin: none,
    candidate: none,
  },
  'data-corrections': {
    guest: none,
    general: readOnly,
    advocate: readOnly,
    companyAdmin: none,
    companyMember: none,
    raasAdmin: none,
    candidate: none,
  },
  'data-rights-logs': {
    guest: none,
    general: readOnly,
    advocate: readOnly,
    companyAdmin: none,
    companyMember: none,
    raasAdmin: none,
    candidate: none,
  },
  'sales-orders': {
    guest: none,
    general: readOnly,
    advocate: readOnly,
    companyAdmin: readOnly,
    companyMember: readOnly,
    raasAdmin: readOnly,
    candidate: none,
  },
};

export function expected(demo: DemoRole, resource: string, action: CrudAction): boolean {
  const row = POLICY[resource];
  if (!row) throw new Error(`The expected policy has no row for ${resource}: write it from spec section 6`);
  return row[policyRole(demo)][action] === 'allow';
}
