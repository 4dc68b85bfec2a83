/** Projects in tests: the demo people signed in, a valid project body, and credits for a company past its trial. */
import type { Knex } from 'knex';
import { grantCredits } from '../../backend/features/credits';
import { client, DEMO_ROLES, signIn, type Client, type SignedIn } from './actors';
import { testApp, type TestApp } from './app';

export type Who = 'guest' | 'general' | 'advocate' | 'companyAdmin' | 'member' | 'raasAdmin' | 'candidate';
const LABELS: Record<Who, string> = {
  guest: 'A logged-out visitor',
  general: 'A General admin',
  advocate: 'An Advocate admin',
  companyAdmin: 'A company Admin',
  member: 'A company Member',
  raasAdmin: 'A RaaS company Admin',
  candidate: 'A candidate',
};

export interface People {
  as(who: Who): Client;
  who(who: Who): SignedIn;
}

export async function signInAll(t: TestApp): Promise<People> {
  const people = new Map<Who, SignedIn>();
  for (const [key, label] of Object.entries(LABELS) as [Who, string][])
    people.set(
      key,
      await signIn(
        t,
        DEMO_ROLES.find((d) => d.label === label)!,
      ),
    );
  return { as: (w) => client(t, people.get(w)!.token), who: (w) => people.get(w)! };
}

/** An app with the demo people signed in, and the ids of Acme (a normal company) and of the RaaS company. */
export async function projectsApp(): Promise<{ t: TestApp; p: People; acme: number; raas: number }> {
  const t = await testApp();
  const p = await signInAll(t);
  const acme = p.who('companyAdmin').actor.companyId as number;
  const raas = p.who('raasAdmin').actor.companyId as number;
  return { t, p, acme, raas };
}

/** A complete project body as the portal sends it. */
export async function projectBody(
  knex: Knex,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const jobTitle = await knex('job_titles').orderBy('id').first('id');
  const sg = await knex('countries').where('code', 'SG').first('id');
  return {
    title: 'Senior Backend Engineer',
    jobTitleId: jobTitle.id,
    countries: [sg.id],
    headcount: 2,
    salaryMin: 8000,
    salaryMax: 12000,
    salaryCurrency: 'SGD',
    jobDescription: 'Build and run the services behind our hiring marketplace.',
    workingMode: 3,
    ...overrides,
  };
}

/** Ends the company's free trial (charges then take credits) and gives it `credits` credits. */
export async function payingCompany(knex: Knex, companyId: number, credits: number): Promise<void> {
  await knex('companies').where('id', companyId).update({ trial_ends_at: null });
  if (credits > 0)
    await knex.transaction((trx) =>
      grantCredits(trx, { companyId, amount: credits, source: 'admin', actor: 'system' }),
    );
}

/** The company as if new to paying: its projects closed, its credit history and lots gone, then `credits` granted. */
export async function freshPayingCompany(knex: Knex, companyId: number, credits: number): Promise<void> {
  await knex('projects').where('company_id', companyId).update({ status: 3 });
  await knex('credit_logs').where('company_id', companyId).del();
  await knex('credit_lots').where('company_id', companyId).del();
  await payingCompany(knex, companyId, credits);
}

export async function balance(knex: Knex, companyId: number): Promise<number> {
  const row = await knex('credit_lots')
    .where('company_id', companyId)
    .whereNull('deleted_at')
    .sum({ s: 'remaining' })
    .first();
  return Number(row?.s ?? 0);
}

export const projectId = (apiId: string) => Number(String(apiId).replace('Project:', ''));
