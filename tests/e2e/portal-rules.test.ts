/**
 * The portal's pure rules, table-driven: who may open which route and where everybody else goes,
 * the menus each role gets, page titles, login flags, form checks and list queries.
 */
import { describe, expect, it } from 'vitest';
import {
  decideAccess,
  homeFor,
  landingAfterLogin,
  loginPathFor,
  restrictedHomeFor,
  safeRedirect,
} from '../../portal/app/access';
import { flagMessages, withoutFlags } from '../../portal/app/loginFlags';
import { accountMenu, hasDrawer, isGroup, mainMenus } from '../../portal/app/menus';
import { ROUTE_RULES, type RouteId } from '../../portal/app/routeRules';
import { documentTitle } from '../../portal/app/titles';
import type { Viewer } from '../../portal/app/viewer';
import { businessEmailError, codeError, domainsError, phoneError } from '../../portal/components/validation';
import {
  allowedStep,
  emptyDraft,
  recordStep,
  reusableToken,
  withEmailConfirmed,
} from '../../portal/features/company-signup/signupDraft';
import { jdLinkState } from '../../portal/features/jd/jdLink';
import { listParamsOf, readTeamQuery } from '../../portal/features/team/teamQuery';

const admin: Viewer = { role: 'admin', subRole: 1 };
const advocate: Viewer = { role: 'admin', subRole: 2 };
const owner: Viewer = { role: 'company', subRole: 0 };
const companyAdmin: Viewer = { role: 'company', subRole: 1 };
const member: Viewer = { role: 'company', subRole: 2 };
const raas: Viewer = { role: 'raasCompany', subRole: 1 };
const raasMember: Viewer = { role: 'raasCompany', subRole: 2 };
const candidate: Viewer = { role: 'candidate', subRole: null };

const at = (path: string) => ({
  pathname: path.split('?')[0],
  search: path.includes('?') ? `?${path.split('?')[1]}` : '',
});
const visit = (id: RouteId, viewer: Viewer | undefined, path: string = ROUTE_RULES[id].path) =>
  decideAccess(ROUTE_RULES[id].access, viewer, at(path));

describe('Where each role is at home', () => {
  it.each([
    [admin, '/search', '/companies'],
    [owner, '/projects', '/projects'],
    [raas, '/projects', '/projects'],
    [candidate, '/candidate/profile', '/candidate/profile'],
  ])('%o is at home on %s and leaves login for %s', (viewer, home, fromLogin) => {
    expect(homeFor(viewer)).toBe(home);
    expect(restrictedHomeFor(viewer)).toBe(fromLogin);
    expect(visit('login', viewer)).toEqual({ render: false, to: fromLogin });
  });

  it('After login the redirect URL wins, else the home', () => {
    expect(landingAfterLogin(admin)).toBe('/search');
    expect(landingAfterLogin(member, '/team?status=active')).toBe('/team?status=active');
    expect(landingAfterLogin(member, 'https://evil.example.com/x')).toBe('/projects');
    expect(landingAfterLogin(member, '//evil.example.com')).toBe('/projects');
    // Read by a browser as //evil.example.com: it drops tabs and line breaks and takes a backslash for a slash.
    for (const crafted of ['/\t/evil.example.com', '/\n/evil.example.com', '/\\evil.example.com', '/x\\..\\evil'])
      expect(landingAfterLogin(member, crafted), JSON.stringify(crafted)).toBe('/projects');
    expect(landingAfterLogin(member, '/auth/login')).toBe('/projects');
  });

  it('A login path carries the page asked for, encoded as one segment', () => {
    expect(loginPathFor('/team?status=active')).toBe('/auth/login/%2Fteam%3Fstatus%3Dactive');
    expect(loginPathFor('/')).toBe('/auth/login');
    expect(safeRedirect(decodeURIComponent('%2Fproject%2F12'))).toBe('/project/12');
  });
});

describe('Who may open which route', () => {
  it('A signed-out visitor of a private route goes to login with the way back', () => {
    expect(visit('projects', undefined, '/projects?my_project=true')).toEqual({
      render: false,
      to: '/auth/login/%2Fprojects%3Fmy_project%3Dtrue',
    });
    expect(visit('login', undefined)).toEqual({ render: true });
    expect(visit('terms', undefined)).toEqual({ render: true });
    expect(visit('jdPreview', undefined, '/jd/abc/1700000000')).toEqual({ render: true });
  });

  it.each<[RouteId, Viewer, string | true]>([
    ['search', admin, true],
    ['search', owner, true],
    ['search', raas, '/projects'],
    ['search', candidate, '/candidate/profile'],
    ['team', owner, true],
    ['team', companyAdmin, true],
    ['team', raas, true],
    ['team', member, '/projects'],
    ['team', raasMember, '/projects'],
    ['team', admin, '/search'],
    ['companyCredits', raas, true],
    ['companyCredits', owner, '/projects'],
    ['companyCredits', admin, '/search'],
    ['integrations', owner, true],
    ['integrations', raas, '/projects'],
    ['integrations', companyAdmin, true],
    ['integrations', member, '/projects'],
    ['activeCredits', admin, true],
    ['activeCredits', owner, '/projects'],
    ['dashboardWeekly', member, '/projects'],
    ['aiMatch', candidate, '/candidate/profile'],
    ['myProfile', member, true],
    ['myProfile', candidate, '/candidate/profile'],
    ['candidateProfile', candidate, true],
    ['candidateProfile', admin, '/search'],
    ['companyUsers', member, true],
    ['project', raas, true],
  ])('%s for %o: %s', (id, viewer, expected) => {
    expect(visit(id, viewer)).toEqual(expected === true ? { render: true } : { render: false, to: expected });
  });
});

describe('Menus by role', () => {
  const labels = (viewer: Viewer) => mainMenus(viewer).map((e) => e.labelKey.replace('portal.nav.', ''));
  const items = (viewer: Viewer, group: string) => {
    const found = mainMenus(viewer).find((e) => e.id === group);
    return found && isGroup(found) ? found.items.map((i) => i.id) : [];
  };

  it('Admins get the eight admin menus; only advocates see their assigned projects', () => {
    expect(labels(admin)).toEqual([
      'search',
      'companies',
      'projects',
      'talent',
      'credits',
      'admins',
      'dashboards',
      'aiMatch',
    ]);
    expect(items(admin, 'companies')).toContain('communityUsers');
    expect(items(admin, 'credits')).toContain('salesOrders');
    expect(items(admin, 'projects')).toEqual(['allProjects', 'internalProjects', 'myProjects', 'addProject']);
    expect(items(advocate, 'projects')).toEqual([
      'allProjects',
      'internalProjects',
      'myProjects',
      'assignedProjects',
      'addProject',
    ]);
    expect(items(admin, 'dashboards')).toHaveLength(5);
  });

  it('Company users get Search and Projects; RaaS users only Projects; candidates nothing', () => {
    expect(labels(member)).toEqual(['search', 'projects']);
    expect(labels(raas)).toEqual(['projects']);
    expect(labels(candidate)).toEqual([]);
    expect(hasDrawer(candidate)).toBe(false);
    expect(hasDrawer(member)).toBe(true);
  });

  it.each<[Viewer, string, string[]]>([
    [admin, 'false', ['profile']],
    [owner, 'false', ['profile', 'team', 'integrations']],
    [owner, 'true', ['profile', 'team']],
    [member, 'false', ['profile']],
    [raas, 'false', ['profile', 'team', 'companyCredits']],
    [raasMember, 'false', ['profile', 'companyCredits']],
    [candidate, 'false', []],
  ])('Account menu of %o with integrations hidden=%s: %o', (viewer, hidden, expected) => {
    expect(accountMenu(viewer, hidden).map((i) => i.id)).toEqual(expected);
  });
});

describe('Titles, flags and checks', () => {
  it('Titled routes read "<page> | Talentbase"', () => {
    expect(documentTitle(ROUTE_RULES.login.titleKey)).toBe('Login | Talentbase');
    expect(documentTitle(ROUTE_RULES.dashboardWeekly.titleKey)).toBe('Stage overview per week | Talentbase');
    expect(documentTitle(ROUTE_RULES.companyUsers.titleKey)).toBe('All company users | Talentbase');
    expect(documentTitle(undefined)).toBe('Talentbase');
  });

  it('Each refusal flag in the query is one message; the rest of the query stays', () => {
    expect(flagMessages('?companyPending=true&exitemail=true&x=1')).toEqual(['company.pending', 'email.errors.exists']);
    expect(flagMessages('?userPending=false')).toEqual([]);
    expect(withoutFlags('?companyPending=true&x=1')).toBe('?x=1');
  });

  it.each([
    ['dana@gmail.com', 'email.errors.businessEmail'],
    ['dana@mail.yahoo.co.uk', 'email.errors.businessEmail'],
    ['dana@acme.test', 'email.errors.businessEmail'],
    ['dana@acme', 'email.errors.invalid'],
    ['dana@delivery.example.com', undefined],
  ])('Business email %s → %s', (email, expected) => {
    expect(businessEmailError(email)).toBe(expected);
  });

  it.each([
    ['+659 123 4567', undefined],
    ['(555) 123-4567', undefined],
    ['555.123.456789012', undefined],
    ['+65 9123 4567', undefined],
    ['+44 20 7946 0958', undefined],
    ['+65 1234 5678', 'phone.errors.invalid'],
    ['12-34', 'phone.errors.invalid'],
  ])('Phone %s → %s', (phone, expected) => {
    expect(phoneError(phone)).toBe(expected);
  });

  it('A code must be six digits; domains must be business domains including the owner’s', () => {
    expect(codeError('')).toBe('portal.validation.codeRequired');
    expect(codeError('12345')).toBe('portal.validation.codeIncomplete');
    expect(codeError('123456')).toBeUndefined();
    expect(domainsError([], 'a@acme.com')).toBe('validDomains.errors.required');
    expect(domainsError(['gmail.com'], 'a@gmail.com')).toBe('validDomains.errors.businessDomain');
    expect(domainsError(['acme.io'], 'a@acme.com')).toBe('validDomains.errors.mustIncludeEmailDomain');
    expect(domainsError(['acme.com', 'acme.io'], 'a@acme.com')).toBeUndefined();
  });
});

describe('Sign-up draft, team list query and job-description links', () => {
  it('A step reuses its token only for the same values; step 2 opens once the address is confirmed; redoing step 1 asks again', () => {
    let draft = emptyDraft();
    expect(allowedStep(draft)).toBe(1);
    draft = recordStep(draft, 1, { a: 1 }, 'tok');
    expect(allowedStep(draft)).toBe(1);
    draft = withEmailConfirmed(draft);
    expect(allowedStep(draft)).toBe(2);
    draft = recordStep(draft, 2, { b: 2 }, 'tok');
    expect(allowedStep(draft)).toBe(3);
    expect(reusableToken(draft.step1, { a: 1 })).toBe('tok');
    expect(reusableToken(draft.step1, { a: 2 })).toBeUndefined();
    expect(allowedStep(recordStep(draft, 1, { a: 2 }, 'tok'))).toBe(1);
    expect(allowedStep(recordStep(draft, 1, { a: 2 }, 'tok', true))).toBe(2);
  });

  it('Team query: bad pages fall back, search and status become the list filter', () => {
    expect(readTeamQuery(new URLSearchParams('p=0&pp=-3&status=bogus'))).toEqual({
      page: 1,
      perPage: 25,
      search: '',
      status: 'all',
    });
    expect(listParamsOf(readTeamQuery(new URLSearchParams('p=3&pp=10&search=ann&status=pending')))).toEqual({
      sort: ['createdAt', 'DESC'],
      range: [20, 29],
      filter: { q: 'ann', status: 0 },
    });
  });

  it('A job-description link lasts 3 days', () => {
    const now = Date.UTC(2025, 0, 10);
    expect(jdLinkState(String(now - 2 * 86400_000), now)).toBe('valid');
    expect(jdLinkState(String(Math.floor((now - 2 * 86400_000) / 1000)), now)).toBe('valid');
    expect(jdLinkState(String(now - 4 * 86400_000), now)).toBe('expired');
    expect(jdLinkState('yesterday', now)).toBe('invalid');
  });
});
