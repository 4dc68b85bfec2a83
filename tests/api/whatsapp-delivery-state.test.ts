/**
 * An interview or job-description request sent by WhatsApp tells in the interview-request list how its message went:
 * pending until the provider reports it, delivered once its status webhook says delivered, or failed with the reason:
 * one found before sending (a number that cannot be read, in the qualify dialog's words) or one the webhook reports
 * later (its error code in our words, else the provider's title). A company reading an anonymous candidate's request
 * learns neither the channel nor how the message went, and no reason carries the number.
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
let ids: number[];

beforeAll(async () => {
  ({ t, standIn, close } = await whatsappApp());
  admin = client(t, await t.login('admin@example.com'));
  company = client(t, await t.login('owner@acme.example.com'));
  ids = await activeCandidates(t.knex, 6, { withPhone: true, skip: 330 });
  const london = (await t.knex('cities').where({ name: 'London', code: 'GB' }).orderBy('id').first('id')).id;
  for (const [i, id] of ids.entries())
    await t
      .knex('candidates')
      .where('id', id)
      .update({ phone: `+44 7400 1000${i}${i}`, phone_whatsapp: true, current_location_id: london, anonymous: false });
});
afterAll(() => close?.());

type Row = { candidate: { id: string }; channel: string | null; delivery: { state: string; reason: string | null } };

/** The candidate's request as `who` reads it in the list, and the list's raw body. */
async function rowOf(who: Client, projectId: number, candidate: number) {
  const res = await who.get(`/dashboard/interview-request-list?perPage=100&projectId=Project:${projectId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { row: (res.body.data as Row[]).find((r) => r.candidate.id === `Candidate:${candidate}`), raw: res.text };
}

/** Requests `candidate` by WhatsApp, sends it, and gives the project and the provider's id of the message. */
async function sent(candidate: number, requestAction = 'request_interview') {
  const before = standIn.sent.length;
  const { project, channel } = await requestByWhatsapp(t.knex, company, candidate, requestAction);
  expect(channel).toBe('whatsapp');
  await runJobs(t);
  const [message] = standIn.sent.slice(before);
  return { project, messageId: message.id };
}

describe('The interview-request list shows how a WhatsApp message went', () => {
  it('pending once sent, delivered when the provider reports it', async () => {
    const { project, messageId } = await sent(ids[0]);
    expect((await rowOf(admin, project.id, ids[0])).row?.delivery).toEqual({ state: 'pending', reason: null });
    expect((await standIn.status(messageId, 'delivered')).status).toBe(200);
    expect((await rowOf(admin, project.id, ids[0])).row?.delivery).toEqual({ state: 'delivered', reason: null });
    expect((await rowOf(company, project.id, ids[0])).row?.delivery).toEqual({ state: 'delivered', reason: null });
  });

  it('a failure the webhook reports later is kept with a readable reason, by its code', async () => {
    const { project, messageId } = await sent(ids[1], 'send_jd');
    await standIn.status(messageId, 'failed', [{ code: 131026, title: 'Message undeliverable' }]);
    const { row } = await rowOf(admin, project.id, ids[1]);
    expect(row?.delivery).toEqual({
      state: 'failed',
      reason:
        'Not delivered: the number is not on WhatsApp or cannot receive the message. Contact the candidate by email.',
    });
    expect((await rowOf(company, project.id, ids[1])).row?.delivery).toEqual(row?.delivery);
  });

  it('the 24-hour window and an unsupported type in our words, any other code by the provider’s title', async () => {
    const cases: [number, number, string, RegExp][] = [
      [ids[2], 131047, 'Re-engagement message', /has not written in the last 24 hours/],
      [ids[3], 131051, 'Unsupported message type', /does not support this kind of message/],
      [ids[4], 131000, 'Something went wrong', /^Not delivered: WhatsApp reported “Something went wrong”\.$/],
    ];
    for (const [candidate, code, title, reason] of cases) {
      const { project, messageId } = await sent(candidate);
      await standIn.status(messageId, 'failed', [{ code, title }]);
      const { row } = await rowOf(admin, project.id, candidate);
      expect(row?.delivery.state).toBe('failed');
      expect(row?.delivery.reason).toMatch(reason);
    }
  });

  it('a number that cannot be read is failed with the qualify dialog’s words', async () => {
    await t.knex('candidates').where('id', ids[5]).update({ phone: '0791 12' });
    const { project } = await requestByWhatsapp(t.knex, company, ids[5]);
    await runJobs(t);
    const { row } = await rowOf(admin, project.id, ids[5]);
    expect(row?.delivery).toEqual({
      state: 'failed',
      reason:
        'Not sent: the phone number is not a valid number of the candidate’s location (GB). Correct it on the profile.',
    });
  });

  it('tells a company nothing of an anonymous candidate’s message, nor the number', async () => {
    const [anonymous] = await activeCandidates(t.knex, 1, { withPhone: true, skip: 340 });
    const { project, messageId } = await sent(anonymous);
    await standIn.status(messageId, 'failed', [{ code: 131026, title: 'Message undeliverable' }]);
    await t.knex('candidates').where('id', anonymous).update({ anonymous: true });
    expect((await rowOf(admin, project.id, anonymous)).row?.delivery.state).toBe('failed');
    const { row, raw } = await rowOf(company, project.id, anonymous);
    expect(row).toMatchObject({ channel: null, delivery: null });
    const phone = (await t.knex('candidates').where('id', anonymous).first('phone')).phone as string;
    expect(raw).not.toContain(phone.replace(/\D/g, '').slice(-7));
  });
});
