/**
 * Credits in the cluster run: a paying RaaS company with free-plan projects, each upgraded once by
 * the load (1 credit, `projectUpgrade`). Afterwards each acknowledged upgrade must have exactly one
 * charge, a refused one none and one cut by the kill at most one; the balance left in the lots must
 * equal what the company held before (the demo's own Power project paid from its seeded credits,
 * seeds/demo/credits.ts) plus the grant, less the charges.
 */
import type { Knex } from 'knex';
import { newToken, sha256 } from '../../backend/auth/tokens';
import { grantCredits } from '../../backend/features/credits';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';

const RAAS_OWNER = 'owner@raas.example.com';

export interface CreditWorld {
  token: string;
  projects: number[];
  companyId: number;
  /** What the company's lots held before the run's grant. */
  held: number;
  granted: number;
}

/** What a company's lots hold (every lot not deleted). */
const lotsHold = async (knex: Knex, companyId: number): Promise<number> =>
  Number(
    (await knex('credit_lots').where('company_id', companyId).whereNull('deleted_at').sum({ s: 'remaining' }).first())
      ?.s ?? 0,
  );

export async function creditWorld(knex: Knex, count: number): Promise<CreditWorld> {
  const owner = await knex('company_users').where('email', RAAS_OWNER).first('id', 'company_id');
  const job = await knex('job_titles').first('id');
  const country = await knex('countries').first('id');
  await knex('companies').where('id', owner.company_id).update({ trial_ends_at: null });
  const held = await lotsHold(knex, owner.company_id);
  const granted = count + 10;
  await knex.transaction((trx) =>
    grantCredits(trx, { companyId: owner.company_id, amount: granted, source: 'admin', actor: 'system' }),
  );
  const rows = Array.from({ length: count }, (_, i) => ({
    title: `Cluster plan ${i}`,
    company_id: owner.company_id,
    owner_id: owner.id,
    project_type: 2,
    plan: 1,
    job_title_id: job.id,
    countries: [country.id],
    headcount: 1,
    salary_min: 5000,
    salary_max: 9000,
  }));
  const projects: number[] = [];
  // In batches: a statement takes at most 65,535 parameters.
  for (let i = 0; i < rows.length; i += 1000)
    projects.push(
      ...(
        await knex('projects')
          .insert(rows.slice(i, i + 1000))
          .returning('id')
      ).map((r) => r.id as number),
    );
  const token = newToken();
  await knex('sessions').insert({
    token_hash: sha256(token),
    actor_kind: 2,
    actor_id: owner.id,
    expires_at: new Date(Date.now() + 3600_000),
  });
  return { token, projects, companyId: owner.company_id, held, granted };
}

/** What is wrong with the charges, against the load's record of upgrade answers by project id. */
export async function creditProblems(
  knex: Knex,
  world: CreditWorld,
  answers: { key: string; status: number | 'network' }[],
): Promise<string[]> {
  const problems: string[] = [];
  const rows = (await knex('credit_logs')
    .where({ company_id: world.companyId, action: CREDIT_ACTIONS.projectUpgrade })
    .groupBy('project_id')
    .select('project_id', knex.raw('count(*)::int as n'))) as { project_id: number; n: number }[];
  const charged = new Map(rows.map((r) => [String(r.project_id), r.n]));
  for (const a of answers) {
    const n = charged.get(a.key) ?? 0;
    const allowed = a.status === 'network' ? n <= 1 : a.status < 300 ? n === 1 : n === 0;
    if (!allowed) problems.push(`upgrade of project ${a.key} charged ${n} times (answer ${a.status})`);
  }
  const total = rows.reduce((all, r) => all + r.n, 0);
  const left = await lotsHold(knex, world.companyId);
  if (left !== world.held + world.granted - total)
    problems.push(`balance ${left} after ${total} charges of a grant of ${world.granted} to ${world.held} held`);
  return problems;
}
