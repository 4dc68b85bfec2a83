/**
 * A WhatsApp opt-out ("STOP") reaches a candidate whose phone is stored without its country code: the provider
 * replies from the international number (6587559036), and the profile's "8755 9036" in Singapore is that number, as
 * the duplicates' match keys read it; its phone is no longer marked WhatsApp, so a later qualify request is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../helpers/actors';
import type { TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { nationalPhoneWorld, type WhatsappStandIn } from '../helpers/whatsapp';

let t: TestApp;
let standIn: WhatsappStandIn;
let close: () => Promise<void>;
let admin: Client;
let c: number;

beforeAll(async () => {
  ({ t, standIn, close, admin, c } = await nationalPhoneWorld('8755 9036', 260));
});
afterAll(() => close?.());

const ask = () =>
  admin.post('/projects/candidate/send/qualify/request', {
    candidateId: [`Candidate:${c}`],
    header: 'A backend role',
    body: 'Are you open to it? Reply YES or NO.',
  });

describe('STOP from the international number', () => {
  it('opts out a profile whose phone is stored as a national number', async () => {
    const res = await ask();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await runJobs(t);
    expect((await admin.get(`/candidates/Candidate:${c}`)).body.phoneWhatsapp).toBe(true);

    expect((await standIn.reply('6587559036', 'STOP')).status).toBe(200);
    expect((await admin.get(`/candidates/Candidate:${c}`)).body.phoneWhatsapp).toBe(false);
    await t
      .knex('qualify_requests')
      .where('candidate_id', c)
      .update({ created_at: new Date(Date.now() - 25 * 3_600_000) });
    const again = await ask();
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('project.qualify.errors.noWhatsapp');
  });
});
