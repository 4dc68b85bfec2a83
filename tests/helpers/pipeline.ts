/**
 * Projects for pipeline tests over the search world's small talent pool (searchWorld.ts): an Acme
 * project with saved filters (software engineers), a RaaS free-plan and a RaaS power-plan project,
 * a project of another company (Globex), an admins' internal project, a project the Acme member
 * owns and an Acme project not shared with the member. Projects are written as rows, the way the
 * projects capability stores them; candidates are placed in stages directly where a test needs a
 * starting point, and moved through the API where the move is what is tested.
 */
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { client, type Client } from './actors';
import { searchWorld, type SearchWorld } from './searchWorld';

export type Who = keyof SearchWorld['tokens'];

export interface PipelineWorld extends SearchWorld {
  knex: Knex;
  projects: {
    acme: number;
    acmeUnshared: number;
    memberOwn: number;
    raasFree: number;
    raasPower: number;
    globex: number;
    internal: number;
  };
  people: { owner: number; member: number; raasOwner: number; globexUser: number; admin: number; advocate: number };
  companies: { acme: number; raas: number; globex: number };
  as(who: Who): Client;
  /** Puts a candidate in a stage of a project (row written directly). */
  place(projectId: number, candidate: string, stage: number, extra?: Record<string, unknown>): Promise<void>;
  /** The candidate's project row, or undefined. */
  rowOf(projectId: number, candidate: string): Promise<Record<string, unknown> | undefined>;
  /** 'Candidate:N' of a first name. */
  cid(name: string): string;
}

/** A valid schedule form (spec section 5): virtual, 45 minutes. */
export const SCHEDULE = {
  interviewerName: 'Olivia Tan',
  interviewerEmail: 'olivia@acme.example.com',
  type: 2,
  meetingLink: 'https://meet.example.com/abc',
  duration: 45,
  timezone: 'Asia/Singapore',
  slots: [`${new Date().getUTCFullYear() + 1}-03-02T10:00`],
};

export const REJECT = { reason: 'Salary expectations too high', comment: 'Maybe next year' };

const idOf = async (knex: Knex, table: string, where: Record<string, unknown>): Promise<number> => {
  const row = await knex(table).where(where).orderBy('id').first('id');
  if (!row) throw new Error(`no ${table} ${JSON.stringify(where)}`);
  return row.id as number;
};

export async function pipelineWorld(): Promise<PipelineWorld> {
  const w = await searchWorld();
  const { knex } = w.t;
  const companies = {
    acme: await idOf(knex, 'companies', { company_name: 'Acme' }),
    raas: await idOf(knex, 'companies', { company_name: 'Northwind Talent' }),
    globex: await idOf(knex, 'companies', { company_name: 'Globex Analytics' }),
  };
  const people = {
    owner: await idOf(knex, 'company_users', { email: 'owner@acme.example.com' }),
    member: await idOf(knex, 'company_users', { email: 'member@acme.example.com' }),
    raasOwner: await idOf(knex, 'company_users', { email: 'owner@raas.example.com' }),
    globexUser: await idOf(knex, 'company_users', { company_id: companies.globex }),
    admin: await idOf(knex, 'admins', { email: 'admin@example.com' }),
    advocate: await idOf(knex, 'admins', { email: 'advocate@example.com' }),
  };
  const engineer = await w.lookup('job_titles', 'Software Engineer');
  const sg = await idOf(knex, 'countries', { code: 'SG' }).catch(() => idOf(knex, 'countries', {}));
  const project = async (values: Record<string, unknown>): Promise<number> => {
    const [row] = await knex('projects')
      .insert({
        title: 'Project',
        job_title_id: engineer,
        countries: [sg],
        headcount: 1,
        salary_min: 5000,
        salary_max: 9000,
        ...values,
      })
      .returning('id');
    return row.id as number;
  };
  const projects = {
    acme: await project({
      title: 'Acme engineers',
      company_id: companies.acme,
      owner_id: people.owner,
      advocate_id: people.advocate,
      current_url: `/search?jt=${engineer}`,
    }),
    acmeUnshared: await project({ title: 'Acme confidential', company_id: companies.acme, owner_id: people.owner }),
    memberOwn: await project({ title: "Marcus's hires", company_id: companies.acme, owner_id: people.member }),
    raasFree: await project({
      title: 'Northwind free',
      company_id: companies.raas,
      owner_id: people.raasOwner,
      project_type: 2,
      plan: 1,
    }),
    raasPower: await project({
      title: 'Northwind power',
      company_id: companies.raas,
      owner_id: people.raasOwner,
      project_type: 2,
      plan: 2,
    }),
    globex: await project({
      title: 'Globex analysts',
      company_id: companies.globex,
      owner_id: people.globexUser,
      current_url: `jt=${engineer}`,
    }),
    internal: await project({ title: 'Internal bench', is_admin_project: true, owner_admin_id: people.admin }),
  };
  const plain = (name: string) => {
    const id = w.ids[name];
    if (!id) throw new Error(`no candidate ${name}`);
    return id;
  };
  const place = async (projectId: number, candidate: string, stage: number, extra: Record<string, unknown> = {}) => {
    const companyId = (await knex('projects').where('id', projectId).first('company_id')).company_id;
    const values = {
      stage,
      company_id: companyId,
      rejected_from: null,
      interview_scheduled_at: null,
      guaranteed_at: null,
      revealed_at: null,
      ...extra,
    };
    await knex('project_candidates')
      .insert({ project_id: projectId, candidate_id: plain(candidate), ...values })
      .onConflict(['project_id', 'candidate_id'])
      .merge(values);
  };
  const rowOf = (projectId: number, candidate: string) =>
    knex('project_candidates')
      .where({ project_id: projectId, candidate_id: plain(candidate) })
      .first();
  const as = (who: Who) => client(w.t, w.tokens[who]);
  expect(Object.values(projects).every((id) => id > 0)).toBe(true);
  return { ...w, knex, projects, people, companies, as, place, rowOf, cid: (name) => `Candidate:${plain(name)}` };
}

/** First names of a tab answer's docs, sorted. */
export function namesOf(w: PipelineWorld, body: { docs?: { id: unknown }[] }): string[] {
  return (body.docs ?? [])
    .map((d) => Object.entries(w.ids).find(([, id]) => `Candidate:${id}` === d.id)?.[0] ?? String(d.id))
    .sort();
}
