/** The credit calls over HTTP: an admin adds, updates and deletes credits, reads the lists, makes order forms; companies see only their own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { lastMail } from '../helpers/mailbox';

let t: TestApp;
let admin: Client;
let acme: Client;
let raas: Client;
let acmeId: number;
let raasId: number;
let raasOwnerId: number;
let acmeOwnerId: number;

function day(offset: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  acme = client(t, await t.login('owner@acme.example.com'));
  raas = client(t, await t.login('owner@raas.example.com'));
  const a = await t.knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
  const r = await t.knex('company_users').where('email', 'owner@raas.example.com').first('id', 'company_id');
  [acmeId, acmeOwnerId, raasId, raasOwnerId] = [a.company_id, a.id, r.company_id, r.id];
});
afterAll(async () => {
  await t?.knex.destroy();
});

describe('Adding, updating and deleting credits', () => {
  it.each([
    ['no company', { noOfCredits: 5 }, { companyId: 'company.errors.required' }],
    ['no credits', { companyId: 'X' }, { noOfCredits: 'noOfCredits.errors.required' }],
    ['zero credits', { noOfCredits: 0 }, { noOfCredits: 'noOfCredits.errors.zeroCredits' }],
    ['a fraction', { noOfCredits: 2.5 }, { noOfCredits: 'noOfCredits.errors.NotWholeNumber' }],
    ['a negative number', { noOfCredits: -3 }, { noOfCredits: 'noOfCredits.errors.min' }],
    ['an expiry date today', { noOfCredits: 3, expiryDate: day(0) }, { expiryDate: 'expiryDate.errors.tooSoon' }],
    [
      'an expiry date past 5 years',
      { noOfCredits: 3, expiryDate: day(5 * 366 + 2) },
      { expiryDate: 'expiryDate.errors.tooLate' },
    ],
    [
      'an expiry date that is not YYYY-MM-DD',
      { noOfCredits: 3, expiryDate: '12/31/2027' },
      { expiryDate: 'expiryDate.errors.invalid' },
    ],
  ])('An admin adding credits with %s is refused with the field message', async (_what, body, fields) => {
    const payload = { companyId: `Company:${acmeId}`, ...body } as Record<string, unknown>;
    if (payload.companyId === 'X' || (!('companyId' in body) && _what === 'no company')) delete payload.companyId;
    if (_what === 'no credits') payload.companyId = `Company:${acmeId}`;
    const before = await t.knex('credit_logs').count({ n: '*' });
    const res = await admin.post('/credit', payload);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject(fields);
    expect(await t.knex('credit_logs').count({ n: '*' })).toEqual(before);
  });

  it('An admin adds credits, sees them in active credits and in the log, updates and deletes them', async () => {
    const add = await admin.post('/credit', { companyId: `Company:${acmeId}`, noOfCredits: 12, expiryDate: day(90) });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body).toMatchObject({ msg: 'credits.messages.added', balance: 12 });
    const lotId = add.body.creditDataId as string;

    const active = await admin.get(`/credit?companyId=Company:${acmeId}`);
    expect(active.status).toBe(200);
    expect(active.body.pagination).toMatchObject({ currentPage: 1, pageSize: 25 });
    expect(active.body.data[0]).toMatchObject({
      creditDataId: lotId,
      creditId: `Company:${acmeId}`,
      noOfCredits: 12,
      expiryDate: day(90),
      company: expect.any(String),
    });

    const upd = await admin.put(`/credit/${lotId}`, {
      companyId: `Company:${acmeId}`,
      creditDataId: lotId,
      noOfCredits: 7,
      expiryDate: day(120),
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.balance).toBe(7);

    const bad = await admin.put(`/credit/${lotId}`, { companyId: `Company:${acmeId}`, noOfCredits: 0 });
    expect(bad.body.error.fields).toEqual({ noOfCredits: 'noOfCredits.errors.zeroCredits' });

    const del = await admin.delete(`/credit/Company:${acmeId}/${lotId}`);
    expect(del.status).toBe(200);
    expect(del.body.msg).toBe('credits.messages.deleted');
    expect((await admin.delete(`/credit/Company:${acmeId}/${lotId}`)).status).toBe(404);

    const log = await admin.get(`/credit/logs?companyId=Company:${acmeId}`);
    expect(log.body.data.map((e: { action: number; credits: number }) => [e.action, e.credits])).toEqual([
      [3, -7],
      [2, -5],
      [1, 12],
    ]);
    expect(log.body.data[2].actionLabel).toBe('Added by admin');
  });

  it('Companies cannot add, update or delete credits', async () => {
    expect((await acme.post('/credit', { companyId: `Company:${acmeId}`, noOfCredits: 5 })).status).toBe(403);
    expect((await raas.post('/credit', { companyId: `Company:${raasId}`, noOfCredits: 5 })).status).toBe(403);
    expect((await client(t).post('/credit', { companyId: `Company:${raasId}`, noOfCredits: 5 })).status).toBe(401);
  });
});

describe('The credit log', () => {
  /** The RaaS company's balance before the grant below: the demo's seeded credits less its Power project's charges. */
  let raasHeld: number;
  beforeAll(async () => {
    raasHeld = (await admin.get(`/credit/balance?companyId=Company:${raasId}`)).body.balance;
    await admin.post('/credit', { companyId: `Company:${raasId}`, noOfCredits: 3 }).expect(201);
    await admin.post('/credit', { companyId: `Company:${acmeId}`, noOfCredits: 4 }).expect(201);
  });

  it('Filters by company, action and date range, searches, and pages by 25 newest first', async () => {
    const all = await admin.get('/credit/logs');
    expect(all.body.pagination.pageSize).toBe(25);
    const times = all.body.data.map((e: { timestamp: string }) => e.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    const byAction = await admin.get('/credit/logs?action=1');
    expect(byAction.body.data.every((e: { action: number }) => e.action === 1)).toBe(true);
    // Days counted from the newest entry's, as the database stamped it: under a moved clock (tests/api/calendar.test.ts)
    // PostgreSQL started before this process, so its clock is ahead and can pass midnight first.
    const newest = (offset: number) => {
      const d = new Date(times[0]);
      d.setUTCDate(d.getUTCDate() + offset);
      return d.toISOString().slice(0, 10);
    };
    expect((await admin.get(`/credit/logs?from=${newest(1)}`)).body.data).toEqual([]);
    expect((await admin.get(`/credit/logs?from=${newest(-1)}&to=${newest(0)}`)).body.data.length).toBeGreaterThan(0);
    expect((await admin.get(`/credit/logs?from=${day(1)}&to=${day(0)}`)).body.error.fields).toEqual({
      to: 'to.errors.beforeFrom',
    });
    const company = await t.knex('companies').where('id', raasId).first('company_name');
    const found = await admin.get(`/credit/logs?search=${encodeURIComponent(company.company_name.slice(0, 6))}`);
    expect(found.body.data.every((e: { company: string }) => e.company === company.company_name)).toBe(true);
    expect((await admin.get('/credit/logs?action=42')).status).toBe(400);
  });

  it('Exports the log as CSV with labels, not codes', async () => {
    const res = await admin.get(`/credit/logs?format=csv&companyId=Company:${raasId}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    // A byte-order mark first, for spreadsheets.
    expect(res.text.startsWith('\ufeff')).toBe(true);
    const lines = res.text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Date (UTC),Action,Credits,Balance after,By,Company,Project,Note');
    expect(lines[1]).toContain(',Added by admin,3,');
  });

  it('A company sees only its own lots, log and balance, even with guessed ids', async () => {
    const mine = await raas.get('/credit/logs');
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((e: { companyId: string }) => e.companyId === `Company:${raasId}`)).toBe(true);
    const guessed = await raas.get(`/credit/logs?companyId=Company:${acmeId}`);
    expect(guessed.body.data).toEqual([]);
    const lots = await raas.get(`/credit?companyId=Company:${acmeId}`);
    expect(lots.body.data).toEqual([]);
    expect(
      (await raas.get('/credit')).body.data.every((l: { companyId: string }) => l.companyId === `Company:${raasId}`),
    ).toBe(true);
    expect((await raas.get(`/credit/balance?companyId=Company:${acmeId}`)).status).toBe(400);
    const own = await raas.get('/credit/balance');
    expect(own.body).toMatchObject({ companyId: `Company:${raasId}`, balance: raasHeld + 3 });
    // The generic read-only resources follow the same rule.
    const acmeLot = await t.knex('credit_lots').where('company_id', acmeId).first('id');
    expect((await raas.get(`/credits/Credit:${acmeLot.id}`)).status).toBe(404);
    expect(
      (await raas.get('/credit-logs?range=[0,999]')).body.every(
        (e: { companyId: string }) => e.companyId === `Company:${raasId}`,
      ),
    ).toBe(true);
    expect((await client(t).get('/credit/logs')).status).toBe(401);
  });
});

describe('Order forms', () => {
  it('An admin makes an order form for a member: priced by tier, emailed as a PDF link, credited once when marked paid', async () => {
    const before = (await raas.get('/credit/balance')).body.balance as number;
    const missing = await admin.post('/credit/sales-order', { noOfCredits: 2 });
    expect(missing.body.error.fields).toMatchObject({
      companyId: 'company.errors.required',
      userId: 'member.errors.required',
    });
    const otherMember = await admin.post('/credit/sales-order', {
      companyId: `Company:${raasId}`,
      userId: `User:${acmeOwnerId}`,
      noOfCredits: 2,
    });
    expect(otherMember.body.error.fields).toEqual({ userId: 'member.errors.notInCompany' });
    const tooMany = await admin.post('/credit/sales-order', {
      companyId: `Company:${raasId}`,
      userId: `User:${raasOwnerId}`,
      noOfCredits: 20,
    });
    expect(tooMany.body.error.fields).toEqual({ noOfCredits: 'noOfCredits.errors.enterprise' });

    const res = await admin.post('/credit/sales-order', {
      companyId: `Company:${raasId}`,
      userId: `User:${raasOwnerId}`,
      noOfCredits: 10,
      discountAmount: 20,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      quantity: 10,
      discount: 20,
      total: 800,
      currency: 'SGD',
      orderNumber: expect.stringMatching(/^SO-/),
    });
    const mail = await lastMail(t.knex, 'owner@raas.example.com');
    expect(mail.subject).toContain(res.body.orderNumber);
    const link = /(\/api\/v1\/credit\/sales-order\/[^\s]+\/pdf)/.exec(mail.text)?.[1] as string;
    const pdf = await raas.get(link.replace('/api/v1', '')).buffer(true);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 4).toString()).toBe('%PDF');
    expect((await acme.get(link.replace('/api/v1', ''))).status).toBe(404);

    expect((await raas.post(`/credit/sales-order/${res.body.orderId}/paid`)).status).toBe(403);
    const paid = await Promise.all([
      admin.post(`/credit/sales-order/${res.body.orderId}/paid`),
      admin.post(`/credit/sales-order/${res.body.orderId}/paid`),
    ]);
    expect(paid.map((p) => p.status).sort()).toEqual([200, 409]);
    expect((await raas.get('/credit/balance')).body.balance).toBe(before + 10);
    const entry = (await raas.get('/credit/logs?action=9')).body.data[0];
    expect(entry).toMatchObject({ credits: 10, actionLabel: 'Added by company user' });
    // The credits are the buyer's; the log also names the admin who confirmed the payment.
    const { first_name, last_name } = await t.knex('admins').where('email', 'admin@example.com').first();
    expect(entry.note).toBe(`Order ${res.body.orderNumber}, marked paid by ${first_name} ${last_name}`);
  });
});
