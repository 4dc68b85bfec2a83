/**
 * Each WhatsApp message is paid by the platform: a candidate receives at most one interview or job-description request
 * by WhatsApp in WHATSAPP_REQUEST_REPEAT_HOURS, whichever project or company asks; another request asked by WhatsApp
 * in that time goes by email only, and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHATSAPP_REQUEST_REPEAT_HOURS } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, requestByWhatsapp } from '../helpers/interviews';

let t: TestApp;
let company: Client;
let candidate: number;

beforeAll(async () => {
  t = await testApp();
  company = client(t, await t.login('owner@acme.example.com'));
  [candidate] = await activeCandidates(t.knex, 1, { withPhone: true, skip: 50 });
  await t.knex('candidates').where('id', candidate).update({ phone_whatsapp: true });
});
afterAll(() => t?.knex.destroy());

const askByWhatsapp = async (requestAction?: string) =>
  (await requestByWhatsapp(t.knex, company, candidate, requestAction)).channel;

describe('WhatsApp requests to one candidate from many projects', () => {
  it(`The first goes by WhatsApp; others within ${WHATSAPP_REQUEST_REPEAT_HOURS} hours by email, until the hours pass`, async () => {
    expect(await askByWhatsapp()).toBe('whatsapp');
    expect(await askByWhatsapp()).toBe('email');
    expect(await askByWhatsapp('request_public')).toBe('email');
    const channels = await t.knex('interview_requests').where('candidate_id', candidate).pluck('channel');
    expect(channels.sort()).toEqual([1, 1, 2]);
    await t
      .knex('interview_requests')
      .where('candidate_id', candidate)
      .update({ created_at: new Date(Date.now() - (WHATSAPP_REQUEST_REPEAT_HOURS + 1) * 3_600_000) });
    expect(await askByWhatsapp()).toBe('whatsapp');
  });

  it('Two requests at once from two projects message the candidate once', async () => {
    await t.knex('interview_requests').where('candidate_id', candidate).delete();
    const both = await Promise.all([askByWhatsapp(), askByWhatsapp()]);
    expect(both.sort()).toEqual(['email', 'whatsapp']);
  });
});
