/**
 * The demo people of every role, signed in through the real emailed-code flow, and a small
 * HTTP client that speaks for one of them.
 */
import type { Test } from 'supertest';
import { ADMIN_TYPES, SUB_ROLES, type Actor } from '../../schema/roles';
import type { AdminType, RoleKey, SubRole } from '../../schema';
import type { TestApp } from './app';

export interface DemoRole {
  /** How tests name them: 'a company Member'. */
  label: string;
  email?: string;
  role: RoleKey;
  subRole?: SubRole;
  adminType?: AdminType;
}

/** Every role the API distinguishes, logged out included, as the demo data seeds them. */
export const DEMO_ROLES: readonly DemoRole[] = [
  { label: 'A logged-out visitor', role: 'guest' },
  { label: 'A General admin', email: 'admin@example.com', role: 'admin', adminType: 'general' },
  { label: 'An Advocate admin', email: 'advocate@example.com', role: 'admin', adminType: 'advocate' },
  { label: 'A company Admin', email: 'owner@acme.example.com', role: 'company', subRole: 'admin' },
  { label: 'A company Member', email: 'member@acme.example.com', role: 'company', subRole: 'member' },
  { label: 'A RaaS company Admin', email: 'owner@raas.example.com', role: 'raasCompany', subRole: 'admin' },
  { label: 'A candidate', email: 'candidate@example.com', role: 'candidate' },
];

export interface SignedIn extends DemoRole {
  actor: Actor;
  token?: string;
}

const byNumber = <K extends string>(map: Record<K, number>, n: number) =>
  (Object.entries(map) as [K, number][]).find(([, v]) => v === n)?.[0];

/**
 * Reads who each demo person is from the database (row id, company, sub-role, admin type),
 * checks it is the role the test expects, and signs them in.
 */
export async function signIn(t: TestApp, demo: DemoRole): Promise<SignedIn> {
  if (!demo.email) return { ...demo, actor: { role: 'guest' } };
  const { knex } = t;
  let actor: Actor | undefined;
  const admin = await knex('admins').where('email', demo.email).first();
  if (admin) actor = { role: 'admin', id: admin.id, adminType: byNumber(ADMIN_TYPES, admin.role) };
  const user = await knex('company_users as u')
    .join('companies as c', 'c.id', 'u.company_id')
    .where('u.email', demo.email)
    .first('u.*', 'c.company_type');
  if (user)
    actor = {
      role: user.company_type === 4 ? 'raasCompany' : 'company',
      id: user.id,
      companyId: user.company_id,
      subRole: byNumber(SUB_ROLES, user.role),
    };
  const candidate = await knex('candidates').where('email', demo.email).first();
  if (candidate) actor = { role: 'candidate', id: candidate.id };
  if (!actor || actor.role !== demo.role || actor.subRole !== demo.subRole || actor.adminType !== demo.adminType) {
    throw new Error(
      `demo data changed: ${demo.email} is ${JSON.stringify(actor)}, tests expect ${JSON.stringify(demo)}`,
    );
  }
  return { ...demo, actor, token: await t.login(demo.email) };
}

export interface Client {
  get(path: string): Test;
  post(path: string, body?: unknown): Test;
  put(path: string, body?: unknown): Test;
  delete(path: string): Test;
}

const withBody = (r: Test, body: unknown) => (body === undefined ? r : r.send(body as object));

/** Requests to /api/v1 as the holder of `token` (logged out without one). */
export function client(t: TestApp, token?: string): Client {
  const auth = (r: Test) => (token ? r.set('Authorization', `Bearer ${token}`) : r);
  return {
    get: (path) => auth(t.http.get(`/api/v1${path}`)),
    post: (path, body) => withBody(auth(t.http.post(`/api/v1${path}`)), body),
    put: (path, body) => withBody(auth(t.http.put(`/api/v1${path}`)), body),
    delete: (path) => auth(t.http.delete(`/api/v1${path}`)),
  };
}
