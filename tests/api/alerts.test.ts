/**
 * Saved-search alerts from each person's side: who may turn a project's alert on (its owner,
 * shared members, its advocate; another company or an unshared Member is told the project is not
 * found); a newly imported candidate who matches the project's saved filters reaches each of them
 * once, in the app and in the next digest, anonymous and hidden ones as "Anonymous candidate" to
 * the company; a paused one, or one who withdrew consent to be shown to companies, drops out of the company's
 * unsent digest; the digest's link, and the one-click
 * List-Unsubscribe header a mail server receives with it, unsubscribe without a session; the
 * console sees the volume and turns a company's alerts off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { CONSENT_PURPOSES, CONSENT_SOURCES } from '../../schema/rules/consents';
import { client } from '../helpers/actors';
import { runJobs } from '../helpers/jobs';
import { headersOf, smtpSink, type SmtpSink } from '../helpers/smtp';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { candidatePayload, talentIds } from '../helpers/talent';

let w: PipelineWorld;
let acme: string;
const OWNER = 'owner@acme.example.com';
const ADVOCATE = 'advocate@example.com';

beforeAll(async () => {
  w = await pipelineWorld();
  acme = `Project:${w.projects.acme}`;
  // The project's filters saved as the portal saves them: the query alone, no `/search?` before it.
  await w.knex('projects').where('id', w.projects.acme).update({ job_description: 'Engineers for our platform.' });
  const engineer = (await w.knex('job_titles').where('name', 'Software Engineer').first('id')).id as number;
  const saved = await w.as('company').put('/projects/update/filters', { projectId: acme, filters: `jt=${engineer}` });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}, 120_000);

const subscriptions = async () => Number((await w.knex('alert_subscriptions').count({ n: '*' }))[0].n);

/** Runs a task and the jobs it queues; emails go to `smtp`'s server when given, else stay in the outbox. */
async function run(task: 'match_alerts' | 'send_alert_digests', smtp?: SmtpSink) {
  await w.knex.raw('select graphile_worker.add_job(?)', [task]);
  await runJobs(w.t, smtp ? { ...w.t.config, smtpUrl: smtp.url } : w.t.config);
}

/** A new candidate as the import writes one, through the admins' API. */
async function newCandidate(firstName: string, title: string, facts: Record<string, unknown> = {}): Promise<number> {
  const base = await talentIds(w.knex);
  const jt = (await w.knex('job_titles').where('name', title).first('id')).id as number;
  const res = await w.as('admin').post(
    '/candidates',
    candidatePayload(base, {
      firstName,
      lastName: 'Newman',
      email: `${firstName.toLowerCase()}@new.example.org`,
      jobTitleLookingFor: [jt],
      tags: [],
      educations: [],
      experiences: [],
      ...facts,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Number(String(res.body.id).replace('Candidate:', ''));
}

describe('Turning on the alerts of a project', () => {
  it('is open to the owner and the advocate, with a digest frequency and a time zone', async () => {
    const owner = await w.as('company').put(`/alerts/projects/${acme}`, {
      on: true,
      frequency: 'daily',
      timeZone: 'Asia/Singapore',
    });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body).toMatchObject({ eligible: true, subscribed: true, frequency: 'daily', newCount: 0 });
    expect(owner.body.timeZone).toBe('Asia/Singapore');
    const advocate = await w.as('advocate').put(`/alerts/projects/${acme}`, { on: true, frequency: 'weekly' });
    expect(advocate.status).toBe(200);
    expect(advocate.body).toMatchObject({ subscribed: true, frequency: 'weekly' });
  });

  it("is read by the project's guid as by its id (the page's address names it so), and another company's guid is not found", async () => {
    const guidOf = async (id: number) => (await w.knex('projects').where({ id }).first('guid')).guid as string;
    const byGuid = await w.as('company').get(`/alerts/projects/${await guidOf(w.projects.acme)}`);
    expect(byGuid.status, JSON.stringify(byGuid.body)).toBe(200);
    expect(byGuid.body).toEqual((await w.as('company').get(`/alerts/projects/${acme}`)).body);
    const other = await w.as('company').get(`/alerts/projects/${await guidOf(w.projects.globex)}`);
    expect(other.status).toBe(404);
    expect((await w.as('member').get(`/alerts/projects/${await guidOf(w.projects.acmeUnshared)}`)).status).toBe(404);
    // A reference that names no project, whatever its form, is the same 404 as one out of reach.
    expect((await w.as('company').get('/alerts/projects/not-a-project')).status).toBe(404);
  });

  it('refuses an unshared Member, another company and an admin who is not the advocate, writing nothing', async () => {
    const before = await subscriptions();
    const member = await w.as('member').put(`/alerts/projects/${acme}`, { on: true });
    expect(member.status).toBe(404);
    expect(member.body.message ?? member.body.code ?? JSON.stringify(member.body)).toMatch(/project\.notFound/);
    expect((await w.as('member').get(`/alerts/projects/${acme}`)).status).toBe(404);
    expect((await w.as('member').put(`/alerts/projects/Project:${w.projects.acmeUnshared}`, { on: true })).status).toBe(
      404,
    );
    expect((await w.as('company').put(`/alerts/projects/Project:${w.projects.globex}`, { on: true })).status).toBe(404);
    expect((await w.as('raas').put(`/alerts/projects/${acme}`, { on: true })).status).toBe(404);
    const admin = await w.as('admin').put(`/alerts/projects/${acme}`, { on: true });
    expect(admin.status).toBe(403);
    expect(JSON.stringify(admin.body)).toMatch(/alerts\.errors\.notYours/);
    const raas = await w.as('raas').put(`/alerts/projects/Project:${w.projects.raasFree}`, { on: true });
    expect(raas.status).toBe(403);
    expect((await client(w.t).put(`/alerts/projects/${acme}`, { on: true })).status).toBe(401);
    const zone = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, timeZone: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(JSON.stringify(zone.body)).toMatch(/timeZone/);
    const freq = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'hourly' });
    expect(freq.status).toBe(400);
    expect(await subscriptions()).toBe(before);
  });
});

describe('A newly imported candidate who matches the saved filters', () => {
  const ids: Record<string, number> = {};
  let smtp: SmtpSink;
  afterAll(() => smtp?.close());

  beforeAll(async () => {
    ids.Nina = await newCandidate('Nina', 'Software Engineer');
    ids.Omar = await newCandidate('Omar', 'Software Engineer', { anonymous: true });
    ids.Pia = await newCandidate('Pia', 'Software Engineer', { visibility: false });
    ids.Rex = await newCandidate('Rex', 'Software Engineer');
    ids.Quinn = await newCandidate('Quinn', 'Data Analyst');
    await run('match_alerts');
  }, 60_000);

  it('is new to the owner and the advocate, once, and to nobody else', async () => {
    const owner = await w.as('company').get(`/alerts/projects/${acme}`);
    expect(owner.status).toBe(200);
    const mine = (owner.body.newCandidateIds as string[]).sort();
    expect(mine).toEqual(['Nina', 'Omar', 'Pia', 'Rex'].map((n) => `Candidate:${ids[n]}`).sort());
    expect(owner.body.newCount).toBe(4);
    const advocate = await w.as('advocate').get(`/alerts/projects/${acme}`);
    expect(advocate.body.newCount).toBe(4);
    // Their cards, as search shows them to the company: the anonymous and the hidden one without a name.
    const cards = await w.as('company').get(`/alerts/projects/${acme}/new`);
    expect(cards.status).toBe(200);
    const byId = new Map((cards.body.docs as { id: string; name: string | null }[]).map((d) => [d.id, d.name]));
    expect(byId.get(`Candidate:${ids.Nina}`)).toBe('Nina Newman');
    expect(byId.get(`Candidate:${ids.Omar}`)).toBeNull();
    expect(byId.get(`Candidate:${ids.Pia}`)).toBeNull();
    expect(JSON.stringify(cards.body)).not.toMatch(/@new\.example\.org|Omar|Pia/);
    expect((await w.as('member').get(`/alerts/projects/${acme}/new`)).status).toBe(404);
    expect((await w.as('admin').get(`/alerts/projects/${acme}/new`)).status).toBe(403);
    // A second run and a later change of the same candidate add nothing.
    await w.knex('candidates').where('id', ids.Nina).update({ expected_salary: 7100 });
    await run('match_alerts');
    const rows = await w.knex('alert_news').where('candidate_id', ids.Nina).select('subscription_id');
    expect(rows).toHaveLength(2);
    expect(await w.knex('alert_news').where('candidate_id', ids.Quinn)).toHaveLength(0);
    // Nobody of another company nor the unshared Member has an alert or a notice.
    expect((await w.as('member').get(`/alerts/projects/${acme}`)).status).toBe(404);
  });

  it('raises one notification per person, opening the suggested tab filtered to the new ones', async () => {
    const res = await w.as('company').get('/notifications');
    expect(res.status).toBe(200);
    const threads = (res.body.data ?? res.body) as { kind: string; link: string; title: string }[];
    const alert = threads.filter((n) => n.kind === 'savedSearchAlert');
    expect(alert).toHaveLength(1);
    expect(alert[0].link).toBe(`/project/${w.projects.acme}?tab=0&new=1`);
    expect(alert[0].title).toBe('New candidates match Acme engineers');
    for (const who of ['member', 'raas'] as const) {
      const other = await w.as(who).get('/notifications');
      const list = (other.body.data ?? other.body) as { kind: string }[];
      expect(list.filter((n) => n.kind === 'savedSearchAlert')).toHaveLength(0);
    }
  });

  it("is listed for the search page beside the project's saved filters, to the project's people only", async () => {
    const mine = await w.as('company').get('/alerts/mine');
    expect(mine.status).toBe(200);
    const rows = mine.body.data as { projectId: string; title: string; filters: string; newCandidateIds: string[] }[];
    const row = rows.find((r) => r.projectId === acme);
    expect(row).toMatchObject({ title: 'Acme engineers', newCount: 4 });
    const saved = (await w.knex('projects').where('id', w.projects.acme).first('current_url')).current_url as string;
    expect(saved).toMatch(/^jt=\d+$/);
    expect(row!.filters).toBe(saved);
    expect(row!.newCandidateIds.sort()).toEqual(
      ['Nina', 'Omar', 'Pia', 'Rex'].map((n) => `Candidate:${ids[n]}`).sort(),
    );
    expect(JSON.stringify(mine.body)).not.toMatch(/Omar|Pia|@new\.example\.org/);
    const advocate = await w.as('advocate').get('/alerts/mine');
    expect((advocate.body.data as { projectId: string }[]).map((r) => r.projectId)).toEqual([acme]);
    for (const who of ['member', 'raas', 'admin'] as const) {
      const other = await w.as(who).get('/alerts/mine');
      expect(other.status).toBe(200);
      expect(other.body.data).toEqual([]);
    }
    expect((await client(w.t).get('/alerts/mine')).status).toBe(401);
  });

  it('leaves the digest once paused, and the digest shows the others as their cards do, without contact details', async () => {
    await w.knex('candidates').where('id', ids.Rex).update({ status: 2 });
    // Omar withdraws consent to be shown to companies: the company's news drops him, the advocate's keeps him.
    await w.knex('candidate_consents').insert({
      candidate_id: ids.Omar,
      purpose: CONSENT_PURPOSES.shownToCompanies,
      granted: false,
      source: CONSENT_SOURCES.profile,
    });
    await run('match_alerts');
    const owner = await w.as('company').get(`/alerts/projects/${acme}`);
    expect(owner.body.newCandidateIds).not.toContain(`Candidate:${ids.Rex}`);
    expect(owner.body.newCandidateIds).not.toContain(`Candidate:${ids.Omar}`);
    const cards = await w.as('company').get(`/alerts/projects/${acme}/new`);
    expect(JSON.stringify(cards.body)).not.toContain(`Candidate:${ids.Omar}`);
    expect((await w.as('advocate').get(`/alerts/projects/${acme}`)).body.newCandidateIds).toContain(
      `Candidate:${ids.Omar}`,
    );
    smtp = await smtpSink();
    // Their alerts began today: as if the periods since had been handled before this morning's 08:00.
    await w.knex('alert_subscriptions').update({ digest_handled_at: w.knex.raw("now() - interval '8 days'") });
    await run('send_alert_digests', smtp);
    const mails = (await listOutbox(w.knex, OWNER, 20)).filter((m) => /new candidate/.test(m.subject));
    expect(mails).toHaveLength(1);
    const { text, subject } = mails[0];
    expect(subject).toBe('2 new candidates for Acme engineers since your last digest');
    expect(text).toContain('Nina Newman');
    expect(text).not.toMatch(/Omar|Pia|Rex/);
    expect(text.match(/Anonymous candidate/g)).toHaveLength(1);
    expect(text).not.toMatch(/@new\.example\.org/);
    expect(text).toContain(`/project/${w.projects.acme}?tab=0&new=1`);
    // The advocate's weekly digest names what admins see, and is their own.
    const advocate = (await listOutbox(w.knex, ADVOCATE, 20)).filter((m) => /new candidate/.test(m.subject));
    expect(advocate).toHaveLength(1);
    expect(advocate[0].text).not.toMatch(/Rex/);
    // At most one digest a period.
    await run('send_alert_digests');
    expect((await listOutbox(w.knex, OWNER, 20)).filter((m) => /new candidate/.test(m.subject))).toHaveLength(1);
  });

  it('is unsubscribed from the email link without a session', async () => {
    const mail = (await listOutbox(w.knex, OWNER, 20)).find((m) => /new candidate/.test(m.subject))!;
    const url = new URL(/https?:\/\/\S+\/api\/v1\/alerts\/unsubscribe\?\S+/.exec(mail.text)![0]);
    const path = `${url.pathname}${url.search}`;
    const page = await w.t.http.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    // The page alone changes nothing (mail scanners open links).
    expect((await w.knex('alert_subscriptions').where('recipient_id', w.people.owner).first()).frequency).toBe(1);
    const forged = await w.t.http.post(path.replace(/t=[0-9a-f]+/, `t=${'0'.repeat(64)}`));
    expect(forged.status).toBe(404);
    const done = await w.t.http.post(path).set('Accept', 'application/json');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, frequency: 'off' });
    const after = await w.as('company').get(`/alerts/projects/${acme}`);
    expect(after.body).toMatchObject({ subscribed: true, frequency: 'off' });
  });

  it('is unsubscribed with one click from the List-Unsubscribe header a mail program receives, once however often', async () => {
    const digest = smtp.received.find((m) => m.to.includes(ADVOCATE));
    expect(digest, 'the advocate’s digest reached the mail server').toBeDefined();
    const headers = headersOf(digest!.raw);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https?:\/\/[^>]+)>$/.exec(headers.get('list-unsubscribe') ?? '');
    expect(link, headers.get('list-unsubscribe')).not.toBeNull();
    const url = new URL(link![1]);
    expect(url.pathname).toBe('/api/v1/alerts/unsubscribe');
    const path = `${url.pathname}${url.search}`;
    // What a mail program sends (RFC 8058): a form body, no cookie, no page.
    const oneClick = () =>
      w.t.http.post(path).type('form').set('Accept', 'application/json').send('List-Unsubscribe=One-Click');
    const first = await oneClick();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ success: true, frequency: 'off' });
    expect((await w.as('advocate').get(`/alerts/projects/${acme}`)).body).toMatchObject({ frequency: 'off' });
    const again = await oneClick();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // Any other form body is still refused, and so is a forged signature.
    const other = await w.t.http.post(path).type('form').send('List-Unsubscribe=Two-Clicks');
    expect(other.status).toBe(415);
    expect(other.body.error.code).toBe('errors.unsupportedMediaType');
    const forged = await w.t.http
      .post(path.replace(/t=[0-9a-f]+/, `t=${'1'.repeat(64)}`))
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(forged.status).toBe(404);
    await w.as('advocate').put(`/alerts/projects/${acme}`, { on: true, frequency: 'weekly' });
  });

  it('stops being new once the person looked', async () => {
    const looked = await w.as('company').post(`/alerts/projects/${acme}/looked`);
    expect(looked.status).toBe(200);
    expect((await w.as('company').get(`/alerts/projects/${acme}`)).body.newCount).toBe(0);
    expect((await w.as('advocate').get(`/alerts/projects/${acme}`)).body.newCount).toBe(3);
  });
});

describe("A change of the project's saved filters", () => {
  it('is a new starting point: news only of who newly matches after the edit, once, leaving out the pipeline', async () => {
    const analyst = (await w.knex('job_titles').where('name', 'Data Analyst').first('id')).id as number;
    await w.place(w.projects.acme, 'Ivy', 2);
    const saved = await w.as('company').put('/projects/update/filters', { projectId: acme, filters: `jt=${analyst}` });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // After the edit, Quinn (imported as a data analyst) also looks for another title: a change that is news.
    const other = (await w.knex('job_titles').whereNot('id', analyst).orderBy('id', 'desc').first('id')).id as number;
    await w
      .knex('candidates')
      .where('first_name', 'Quinn')
      .update({ job_title_looking_for: [analyst, other] });
    await run('match_alerts');
    const owner = await w.as('company').get(`/alerts/projects/${acme}`);
    expect(owner.body.filters).toBe(`jt=${analyst}`);
    const fresh = owner.body.newCandidateIds as string[];
    // Only Quinn: the data analysts in the pool before the edit are its starting point; Ivy is on the shortlist.
    expect(fresh).toEqual([`Candidate:${(await w.knex('candidates').where('first_name', 'Quinn').first('id')).id}`]);
    expect(fresh).not.toContain(w.cid('Ivy'));
    const before = Number((await w.knex('alert_news').count({ n: '*' }))[0].n);
    await run('match_alerts');
    expect(Number((await w.knex('alert_news').count({ n: '*' }))[0].n)).toBe(before);
    // Seen in the suggested tab, Quinn stays badged in the app but leaves the next digest.
    const quinn = `Candidate:${(await w.knex('candidates').where('first_name', 'Quinn').first('id')).id}`;
    const seen = await w
      .as('company')
      .post('/projects/candidate/seen', { projectId: acme, candidates: [quinn], tab: 0 });
    expect(seen.body.seen).toBe(1);
    expect((await w.as('company').get(`/alerts/projects/${acme}`)).body.newCandidateIds).toContain(quinn);
    await w
      .knex('alert_subscriptions')
      .where('recipient_id', w.people.owner)
      .update({ frequency: 1, digest_handled_at: w.knex.raw("now() - interval '8 days'") });
    const mailed = (await listOutbox(w.knex, OWNER, 50)).length;
    await run('send_alert_digests');
    const digests = (await listOutbox(w.knex, OWNER, 50)).slice(
      0,
      (await listOutbox(w.knex, OWNER, 50)).length - mailed,
    );
    expect(digests.map((m) => m.text).join('\n')).not.toMatch(/Quinn/);
  });
});

describe('The console', () => {
  it('shows the volume per company and turns a company off, after which its new matches are nobody’s news', async () => {
    expect((await w.as('company').get('/alerts/companies')).status).toBe(403);
    const list = await w.as('admin').get('/alerts/companies');
    expect(list.status).toBe(200);
    const row = (list.body.data as { id: string; subscriptions: number; news7: number }[]).find(
      (r) => r.id === `Company:${w.companies.acme}`,
    );
    expect(row).toMatchObject({ subscriptions: 2, alertsOn: true });
    expect(row!.news7).toBeGreaterThanOrEqual(8);
    const off = await w.as('admin').put(`/alerts/companies/Company:${w.companies.acme}`, { alertsOn: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ alertsOn: false });
    expect((await w.as('company').get(`/alerts/projects/${acme}`)).body.offForCompany).toBe(true);
    const news = Number((await w.knex('alert_news').count({ n: '*' }))[0].n);
    await newCandidate('Sam', 'Software Engineer');
    await run('match_alerts');
    expect(Number((await w.knex('alert_news').count({ n: '*' }))[0].n)).toBe(news);
    // Its people may still turn theirs off, never on again.
    expect((await w.as('company').put(`/alerts/projects/${acme}`, { on: false })).status).toBe(200);
    expect((await w.as('company').put(`/alerts/projects/${acme}`, { on: true })).status).toBe(403);
  });
});
