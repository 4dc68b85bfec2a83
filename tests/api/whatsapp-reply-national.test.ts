/**
 * A WhatsApp reply quoting no message answers the qualify request sent to its number, compared as WhatsApp STOP
 * compares numbers (services/phoneKeys.ts): the provider replies from the international number (6587559036), and a
 * request sent to a profile whose phone is stored as the national 87559036 in Singapore was sent to that number (read
 * in the profile's country, interviews/whatsappNumber.ts). A number that only ends the same, in another country, is not
 * taken for it.
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
  ({ t, standIn, close, admin, c } = await nationalPhoneWorld('87559036', 270));
});
afterAll(() => close?.());

const requests = async () => {
  const res = await admin.get(`/projects/candidate/qualify/requests?candidate_id=Candidate:${c}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { state: string; reply: string | null; replyText: string | null }[];
};

describe('A reply from the international number', () => {
  it('answers the request sent to the national number stored on the profile', async () => {
    const asked = await admin.post('/projects/candidate/send/qualify/request', {
      candidateId: [`Candidate:${c}`],
      header: 'A backend role',
      body: 'Are you open to it? Reply YES or NO.',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    await runJobs(t);

    // Ends as the stored number does, but is another country's number: not this candidate.
    expect((await standIn.reply('6087559036', 'Yes')).status).toBe(200);
    expect((await requests())[0]).toMatchObject({ reply: null });

    expect((await standIn.reply('6587559036', 'Yes')).status).toBe(200);
    expect((await requests())[0]).toMatchObject({ state: 'replied', reply: 'yes', replyText: 'Yes' });
  });
});
