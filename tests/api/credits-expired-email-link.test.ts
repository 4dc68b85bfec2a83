/**
 * The email telling an order expired (no bank transfer within BANK_TRANSFER_LIFETIME_DAYS, the real
 * expire_checkouts job) links each reader to a page their role can open (portal/app/routeRules.ts): a RaaS
 * company's people to its credits page with the order, a normal company's people (its type changed since the
 * order was made; a normal company has no credits page) to their projects, as the in-app notice does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as tr } from '../../i18n';
import { listOutbox } from '../../backend/services/mail/outbox';
import { decideAccess } from '../../portal/app/access';
import { ROUTE_RULES } from '../../portal/app/routeRules';
import type { Role } from '../../portal/app/viewer';
import { BANK_TRANSFER_LIFETIME_DAYS } from '../../schema/rules/credits';
import { COMPANY_TYPES } from '../../schema/roles';
import { client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';

const OWNER = 'owner@raas.example.com';
let t: TestApp;
let companyId: number;
let ownerId: number;

beforeAll(async () => {
  t = await testApp();
  const owner = await t.knex('company_users').where('email', OWNER).first('id', 'company_id');
  [companyId, ownerId] = [owner.company_id, owner.id];
});
afterAll(() => t?.knex.destroy());

/** An expired order form's email to the Owner, the company being of `type` when the job runs. */
async function expiredMail(type: number) {
  await t.knex('companies').where('id', companyId).update({ company_type: COMPANY_TYPES.raas });
  const admin = client(t, await t.login('admin@example.com'));
  const made = await admin.post('/credit/sales-order', {
    companyId: `Company:${companyId}`,
    userId: `User:${ownerId}`,
    noOfCredits: type === COMPANY_TYPES.raas ? 2 : 3,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const orderNumber = made.body.orderNumber as string;
  const longAgo = t.knex.raw(`now() - make_interval(days => ?)`, [BANK_TRANSFER_LIFETIME_DAYS + 1]);
  await t.knex('sales_orders').where('order_number', orderNumber).update({ created_at: longAgo });
  await t.knex('companies').where('id', companyId).update({ company_type: type });
  await t.knex.raw(`select graphile_worker.add_job('expire_checkouts', '{}'::json)`);
  await runJobs(t);
  const [mail] = (await listOutbox(t.knex, OWNER, 500)).filter(
    (m) => m.subject === tr('credits.emails.expired.subject', { orderNumber }),
  );
  expect(mail, 'the expiry email').toBeDefined();
  const link = new URL(/https?:\/\/\S+/.exec(mail.text.slice(mail.text.lastIndexOf('http')))![0]);
  return { orderNumber, link };
}
/** Whether the portal shows `path` to an Owner of `role`, rather than sending them home. */
const opens = (path: string, role: Role) => {
  const rule = Object.values(ROUTE_RULES).find((r) => r.path === path);
  return Boolean(rule) && decideAccess(rule!.access, { role, subRole: 0 }, { pathname: path, search: '' }).render;
};

describe('The order-expired email', () => {
  it("links a normal company's Owner to a page they can open: their projects", async () => {
    const { link } = await expiredMail(COMPANY_TYPES.normal);
    expect(link.pathname).toBe('/projects');
    expect(opens(link.pathname, 'company')).toBe(true);
    expect(opens('/credits/company', 'company')).toBe(false);
  });

  it("links a RaaS company's Owner to its credits page with the order", async () => {
    const { orderNumber, link } = await expiredMail(COMPANY_TYPES.raas);
    expect(link.pathname).toBe('/credits/company');
    expect(link.searchParams.get('order')).toBe(orderNumber);
    expect(opens(link.pathname, 'raasCompany')).toBe(true);
  });
});
