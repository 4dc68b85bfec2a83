/**
 * When a saved-search alert's digest goes out: at 08:00 of the person's zone, once a period. A run
 * at another hour sends nothing, even with news; a run at 08:xx without news still handles the day,
 * so news arriving later that day waits for the next morning; a new alert waits for the first 08:00
 * after it began. A person who turned the alerts' kind off in their notification preferences gets no
 * digest. A change of the project's saved filters drops the old filters' news not yet emailed, and a
 * company whose alerts the platform turned off may still lower or turn off its people's alerts.
 *
 * The clock is the real one: each subscriber's zone is chosen so that its local time now is the hour
 * a step needs (a fixed-offset Etc/GMT zone), and the period cursor is set back as a previous day's run
 * would have left it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { candidatePayload, talentIds } from '../helpers/talent';

let w: PipelineWorld;
let acme: string;
const OWNER = 'owner@acme.example.com';
const ADVOCATE = 'advocate@example.com';

beforeAll(async () => {
  w = await pipelineWorld();
  acme = `Project:${w.projects.acme}`;
}, 120_000);

/** A fixed-offset zone whose local hour is `hour` now (Etc/GMT-N is N hours ahead of UTC). */
function zoneAt(hour: number): string {
  let offset = hour - new Date().getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

async function run(task: 'match_alerts' | 'send_alert_digests') {
  await w.knex.raw('select graphile_worker.add_job(?)', [task]);
  await runJobs(w.t);
}

const digests = async (to: string) =>
  (await listOutbox(w.knex, to, 50)).filter((m) => /new candidates? for/.test(m.subject));

const subscriptionOf = (recipientId: number) =>
  w.knex('alert_subscriptions').where({ project_id: w.projects.acme, recipient_id: recipientId });

/** As yesterday's 08:xx run left it: today's period not handled yet. */
const handledYesterday = (recipientId: number) =>
  subscriptionOf(recipientId).update({ digest_handled_at: w.knex.raw("now() - interval '1 day'") });

async function newCandidate(firstName: string, title: string): Promise<number> {
  const base = await talentIds(w.knex);
  const jt = (await w.knex('job_titles').where('name', title).first('id')).id as number;
  const res = await w.as('admin').post(
    '/candidates',
    candidatePayload(base, {
      firstName,
      lastName: 'Hourly',
      email: `${firstName.toLowerCase()}@hours.example.org`,
      jobTitleLookingFor: [jt],
      tags: [],
      educations: [],
      experiences: [],
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Number(String(res.body.id).replace('Candidate:', ''));
}

describe('The digest of an alert', () => {
  let quinn: number;

  it('waits for 08:00 of the zone: a new alert at 14:xx and a day handled at 08:xx without news send nothing', async () => {
    const owner = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily' });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    const advocate = await w.as('advocate').put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily' });
    expect(advocate.status, JSON.stringify(advocate.body)).toBe(200);
    // The owner's local time is 14:xx; the advocate's 08:xx, with yesterday handled.
    await subscriptionOf(w.people.owner).update({ time_zone: zoneAt(14) });
    await subscriptionOf(w.people.advocate).update({ time_zone: zoneAt(8) });
    await handledYesterday(w.people.advocate);
    // The advocate's 08:xx run finds no news: the day is handled all the same.
    await run('send_alert_digests');
    expect(await digests(ADVOCATE)).toHaveLength(0);

    await newCandidate('Nina', 'Software Engineer');
    quinn = await newCandidate('Quinn', 'Data Analyst');
    await run('match_alerts');
    expect((await w.as('company').get(`/alerts/projects/${acme}`)).body.newCount).toBe(1);
    expect((await w.as('advocate').get(`/alerts/projects/${acme}`)).body.newCount).toBe(1);
    await run('send_alert_digests');
    expect(await digests(OWNER)).toHaveLength(0);
    expect(await digests(ADVOCATE)).toHaveLength(0);
  });

  it('goes out once at 08:xx of the zone, and not again that day', async () => {
    await subscriptionOf(w.people.owner).update({ time_zone: zoneAt(8) });
    await handledYesterday(w.people.owner);
    await run('send_alert_digests');
    const sent = await digests(OWNER);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('Nina Hourly');
    await newCandidate('Rita', 'Software Engineer');
    await run('match_alerts');
    await run('send_alert_digests');
    expect(await digests(OWNER)).toHaveLength(1);
  });

  it('is not sent to a person who turned the kind off in their notification preferences', async () => {
    const off = await w.as('advocate').put('/notification-preferences', { kind: 'savedSearchAlert', channel: 'off' });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await handledYesterday(w.people.advocate);
    await run('send_alert_digests');
    expect(await digests(ADVOCATE)).toHaveLength(0);
    // Back on, the next morning's digest carries the news.
    await w.as('advocate').put('/notification-preferences', { kind: 'savedSearchAlert', channel: 'inApp' });
    await handledYesterday(w.people.advocate);
    await run('send_alert_digests');
    expect(await digests(ADVOCATE)).toHaveLength(1);
  });

  it("drops the old filters' news not yet emailed when the saved filters change, and all of it when they are cleared", async () => {
    await w.as('advocate').post(`/alerts/projects/${acme}/looked`);
    const sam = await newCandidate('Sam', 'Software Engineer');
    await run('match_alerts');
    expect((await w.as('advocate').get(`/alerts/projects/${acme}`)).body.newCandidateIds).toEqual([`Candidate:${sam}`]);
    const analyst = (await w.knex('job_titles').where('name', 'Data Analyst').first('id')).id as number;
    await w
      .knex('projects')
      .where('id', w.projects.acme)
      .update({ current_url: `/search?jt=${analyst}` });
    await run('match_alerts');
    const fresh = (await w.as('advocate').get(`/alerts/projects/${acme}`)).body.newCandidateIds as string[];
    // The edited search is a new starting point: Quinn, a data analyst all along, is not news.
    expect(fresh).not.toContain(`Candidate:${quinn}`);
    expect(fresh).not.toContain(`Candidate:${sam}`);
    await w.knex('projects').where('id', w.projects.acme).update({ current_url: null });
    await run('match_alerts');
    expect((await w.as('advocate').get(`/alerts/projects/${acme}`)).body.newCount).toBe(0);
  });
});

describe("The alerts' notification preference", () => {
  it('offers the app or off, saying that the email is each project’s digest, and refuses a choice it does not offer', async () => {
    const prefs = await w.as('company').get('/notification-preferences');
    expect(prefs.status).toBe(200);
    const alert = (prefs.body.data as { kind: string; channels: string[]; help?: string }[]).find(
      (p) => p.kind === 'savedSearchAlert',
    );
    expect(alert).toMatchObject({ channels: ['inApp', 'off'] });
    expect(alert!.help).toMatch(/digest/);
    const email = await w
      .as('company')
      .put('/notification-preferences', { kind: 'savedSearchAlert', channel: 'email' });
    expect(email.status).toBe(400);
    expect(email.body.error.fields).toEqual({ channel: 'notifications.errors.channelNotOffered' });
    const other = (prefs.body.data as { kind: string; channels: string[] }[]).find(
      (p) => p.kind === 'candidateCurated',
    );
    expect(other!.channels).toEqual(['inApp', 'email', 'off']);
  });
});

describe('A company whose alerts the platform turned off', () => {
  it('may still lower or turn off its people’s alerts, never turn one on or raise it', async () => {
    const off = await w.as('admin').put(`/alerts/companies/Company:${w.companies.acme}`, { alertsOn: false });
    expect(off.status).toBe(200);
    const weekly = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'weekly' });
    expect(weekly.status, JSON.stringify(weekly.body)).toBe(200);
    expect(weekly.body).toMatchObject({ subscribed: true, frequency: 'weekly', offForCompany: true });
    const daily = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily' });
    expect(daily.status).toBe(403);
    expect(daily.body.error.code).toBe('alerts.errors.off');
    const stop = await w.as('company').put(`/alerts/projects/${acme}`, { on: false });
    expect(stop.status).toBe(200);
    expect(stop.body).toMatchObject({ subscribed: false });
    const again = await w.as('company').put(`/alerts/projects/${acme}`, { on: true });
    expect(again.status).toBe(403);
  });
});
