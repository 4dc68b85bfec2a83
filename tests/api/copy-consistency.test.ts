/**
 * Words that name one thing the same everywhere, through the API: a credit charge names its project (its title for
 * the company's own readers, a link only where the reader may open the project, "Deleted project" once it is gone;
 * the console's log references the project record); the notice period's options read alike in the search filter;
 * and the credit notices are offered to, and sent to, only the companies credits concern (RaaS companies).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits } from '../../backend/features/credits';
import { creditsExpiring } from '../../backend/features/notifications';
import type { Actor } from '../../schema/roles';
import type { TestApp } from '../helpers/app';
import { payingCompany, projectBody, projectId, projectsApp, type People } from '../helpers/projects';

let t: TestApp;
let p: People;
let acme: number;
let raas: number;
const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
const CREDIT_KINDS = ['creditsLow', 'creditsExpiring', 'paymentDelayed', 'orderExpired'];

beforeAll(async () => {
  ({ t, p, acme, raas } = await projectsApp());
  await payingCompany(t.knex, raas, 5);
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

interface LogEntry {
  action: number;
  projectId: string | null;
  project: { id: string; title: string | null; deleted: boolean; open: boolean } | null;
}

describe('A credit charge names its project', () => {
  it("the company's log carries the project's title, and reads it as deleted once the project is gone", async () => {
    const title = 'Charged Platform Engineer';
    const created = await p.as('raasAdmin').post('/projects/create', await projectBody(t.knex, { plan: 2, title }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    const charge = async () => {
      const res = await p.as('raasAdmin').get('/credit/logs');
      expect(res.status).toBe(200);
      return (res.body.data as LogEntry[]).find((e) => e.projectId === id);
    };
    expect((await charge())?.project).toEqual({ id, title, deleted: false, open: true, hidden: false });

    // The console reads the log through its entity: the project is a reference to the project's record.
    const consoleRows = await p
      .as('general')
      .get(`/credit-logs?filter=${encodeURIComponent(JSON.stringify({ companyId: `Company:${raas}` }))}`);
    expect(consoleRows.status).toBe(200);
    expect((consoleRows.body as { projectId: unknown }[]).map((r) => r.projectId)).toContain(id);

    const removed = await p.as('general').delete(`/projects/${encodeURIComponent(id)}`);
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);
    expect(await t.knex('projects').where('id', projectId(id)).first()).toBeUndefined();
    expect((await charge())?.project).toEqual({ id, title: null, deleted: true, open: false, hidden: false });
    const csv = await p.as('raasAdmin').get('/credit/logs?format=csv');
    expect(csv.text).toContain('Deleted project');
  });
});

describe('The notice period', () => {
  it("the search filter's options read as the project's and the candidate's do", async () => {
    const res = await p.as('general').get('/search?np=0,1,2,3');
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    const labels = (res.body.facets?.np?.options ?? []) as { id: number; label: string }[];
    const byId = Object.fromEntries(labels.map((o) => [o.id, o.label]));
    for (const [id, label] of Object.entries({ 0: 'Immediate', 1: '1 month', 2: '2 months', 3: '3 months or more' }))
      if (byId[id] !== undefined) expect(byId[id]).toBe(label);
    expect(labels.length).toBeGreaterThan(0);
  });
});

describe('Credit notices reach only the companies credits concern', () => {
  const kinds = async (who: 'member' | 'companyAdmin' | 'raasAdmin') => {
    const res = await p.as(who).get('/notification-preferences');
    expect(res.status).toBe(200);
    return (res.body.data as { kind: string }[]).map((k) => k.kind);
  };

  it("a normal company's people are offered none; a RaaS company's are", async () => {
    for (const who of ['member', 'companyAdmin'] as const) {
      const offered = await kinds(who);
      for (const kind of CREDIT_KINDS) expect(offered, `${who} ${kind}`).not.toContain(kind);
      expect(offered).toContain('chatMessage');
    }
    expect(await kinds('raasAdmin')).toEqual(expect.arrayContaining(['creditsLow', 'creditsExpiring']));
    const refused = await p.as('member').put('/notification-preferences', { kind: 'creditsLow', channel: 'email' });
    expect(refused.status).toBe(400);
  });

  it('nor is a normal company told of credits it holds expiring; a RaaS company is', async () => {
    const admin: Actor = { role: 'admin', id: p.who('general').actor.id, adminType: 'general' };
    for (const companyId of [acme, raas])
      await t.knex.transaction((trx) =>
        grantCredits(trx, { companyId, amount: 2, expiryDate: day(3), source: 'admin', actor: admin }),
      );
    await creditsExpiring(t.knex, t.config);
    const acmeUsers = (await t.knex('company_users').where('company_id', acme).pluck('id')) as number[];
    expect(
      await t.knex('notifications').where({ recipient_kind: 2, kind: 7 }).whereIn('recipient_id', acmeUsers),
    ).toEqual([]);
    const raasUser = p.who('raasAdmin').actor.id as number;
    expect(await t.knex('notifications').where({ recipient_kind: 2, kind: 7, recipient_id: raasUser })).toHaveLength(1);
  });
});
