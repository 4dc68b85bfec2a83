/**
 * A WhatsApp message goes to the candidate's number in E.164: a profile's phone stored as the national '07911 123456'
 * in London is sent, as a qualify request and as an interview request, to 447911123456 (what the provider's stand-in
 * received). A number that cannot be read so (national without a known country, or not a valid number) is not sent to a
 * guess: the message is marked failed with the reason, which the qualify requests' list and the development
 * WhatsApp outbox show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import type { TestApp } from '../helpers/app';
import { activeCandidates, requestByWhatsapp } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { whatsappApp, type WhatsappStandIn } from '../helpers/whatsapp';

let t: TestApp;
let standIn: WhatsappStandIn;
let close: () => Promise<void>;
let admin: Client;
let company: Client;
let uk: number;
let noCountry: number;
let invalid: number;
let ukByInterview: number;

beforeAll(async () => {
  ({ t, standIn, close } = await whatsappApp());
  admin = client(t, await t.login('admin@example.com'));
  company = client(t, await t.login('owner@acme.example.com'));
  [uk, noCountry, invalid, ukByInterview] = await activeCandidates(t.knex, 4, { withPhone: true, skip: 280 });
  const london = (await t.knex('cities').where({ name: 'London', code: 'GB' }).orderBy('id').first('id')).id;
  const profile = (id: number, phone: string, location: number | null) =>
    t.knex('candidates').where('id', id).update({ phone, phone_whatsapp: true, current_location_id: location });
  await profile(uk, '07911 123456', london);
  await profile(noCountry, '07911 123456', null);
  await profile(invalid, '0791 12', london);
  await profile(ukByInterview, '07400 654321', london);
});
afterAll(() => close?.());

const qualify = (candidate: number) =>
  admin.post('/projects/candidate/send/qualify/request', {
    candidateId: [`Candidate:${candidate}`],
    header: 'A backend role',
    body: 'Are you open to it? Reply YES or NO.',
  });

const requestsOf = async (candidate: number) => {
  const res = await admin.get(`/projects/candidate/qualify/requests?candidate_id=Candidate:${candidate}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { state: string; failureReason: string | null }[];
};

describe('A national number on the profile', () => {
  it('a qualify request goes to the E.164 number read in the candidate’s country', async () => {
    const before = standIn.sent.length;
    expect((await qualify(uk)).status).toBe(201);
    await runJobs(t);
    expect(standIn.sent.slice(before).map((s) => s.body.to)).toEqual(['447911123456']);
    expect(await requestsOf(uk)).toMatchObject([{ state: 'sent', failureReason: null }]);
  });

  it('an interview request goes to the E.164 number too', async () => {
    const before = standIn.sent.length;
    const { channel } = await requestByWhatsapp(t.knex, company, ukByInterview);
    expect(channel).toBe('whatsapp');
    await runJobs(t);
    const sent = standIn.sent.slice(before);
    expect(sent.map((s) => [s.body.to, s.body.template.name])).toEqual([['447400654321', 'interview_request']]);
  });
});

describe('A number that cannot be read in E.164', () => {
  it('without a known country: not sent, the request failed with the reason', async () => {
    const posts = standIn.posts;
    expect((await qualify(noCountry)).status).toBe(201);
    await runJobs(t);
    expect(standIn.posts).toBe(posts);
    const [request] = await requestsOf(noCountry);
    expect(request.state).toBe('failed');
    expect(request.failureReason).toMatch(/^Not sent: the phone number has no country code/);
  });

  it('not a valid number of its country: not sent, the reason listed with the message', async () => {
    const posts = standIn.posts;
    expect((await qualify(invalid)).status).toBe(201);
    await runJobs(t);
    expect(standIn.posts).toBe(posts);
    const [request] = await requestsOf(invalid);
    expect(request.state).toBe('failed');
    expect(request.failureReason).toMatch(/not a valid number of the candidate’s location \(GB\)/);
    const outbox = await t.http.get('/api/v1/dev/whatsapp?to=0791%2012');
    expect(outbox.body).toMatchObject([{ template: 'qualify_request', status: 3, error: request.failureReason }]);
  });
});
