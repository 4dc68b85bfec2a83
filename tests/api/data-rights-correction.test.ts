/**
 * Correction requests, end to end: a candidate asks, from their profile, for a field only admins
 * write to be corrected (the field, the value they propose, why); a field they edit themselves or
 * an unknown one is refused; one open request per field. Admins find it in the console's queue,
 * apply it (the profile then holds the value, through the profile's own write rules, which refuse
 * a value that breaks them) or decline it with a reason the candidate reads; either answer is
 * emailed to the candidate (read from the outbox), the reason word for word. Only the candidate
 * reaches their own requests and only admins answer; every step is in the data rights log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { CORRECTABLE_FIELDS } from '../../schema/rules/dataExport';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

let t: TestApp;
let admin: Client;
let me: Client;
let other: Client;
let candidateId: number;
let myEmail: string;

/** The candidate's newest email about a correction. */
async function answerMail() {
  return (await listOutbox(t.knex, myEmail, 20)).find((m) => /correction request/.test(m.subject));
}

async function newCandidate(extra: Record<string, unknown> = {}): Promise<{ id: number; email: string }> {
  const res = await t.http
    .post('/api/v1/candidates')
    .set(bearer(await t.login('admin@example.com')))
    .send({ ...candidatePayload(await talentIds(t.knex)), status: 1, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: Number(String(res.body.id).replace('Candidate:', '')), email: res.body.email };
}

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  const mine = await newCandidate({ reasonForLeaving: 'Fired for misconduct', lookingFor: 'Anything' });
  candidateId = mine.id;
  myEmail = mine.email;
  me = client(t, await t.login(mine.email));
  other = client(t, await t.login((await newCandidate()).email));
}, 120_000);

const log = () => t.knex('data_rights_logs').where('candidate_id', candidateId).orderBy('id').pluck('action');

describe('Correction requests', () => {
  it('lists the fields only admins write, and refuses the others', async () => {
    const list = await me.get('/data-rights/corrections');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ fields: [...CORRECTABLE_FIELDS], corrections: [] });
    for (const field of ['firstName', 'summary', 'nonsense', ''])
      expect((await me.post('/data-rights/corrections', { field, note: 'x' })).body.error?.fields, field).toEqual({
        field: expect.any(String),
      });
    const noNote = await me.post('/data-rights/corrections', { field: 'reasonForLeaving', note: '  ' });
    expect(noNote.status).toBe(400);
    expect(Object.keys(noNote.body.error.fields)).toEqual(['note']);
    const long = await me.post('/data-rights/corrections', { field: 'lookingFor', note: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
  });

  it('is asked for, applied by an admin, and the profile holds the value', async () => {
    const asked = await me.post('/data-rights/corrections', {
      field: 'reasonForLeaving',
      proposedValue: 'The team was disbanded',
      note: 'I was not fired; my whole team was let go.',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.corrections[0]).toMatchObject({
      field: 'reasonForLeaving',
      proposedValue: 'The team was disbanded',
      status: 'open',
      answer: null,
    });
    const twice = await me.post('/data-rights/corrections', { field: 'reasonForLeaving', note: 'again' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.fields).toEqual({ field: 'correction.errors.tooMany' });

    // The console's queue lists it.
    const queue = await admin.get('/data-corrections?filter=' + encodeURIComponent(JSON.stringify({ status: 0 })));
    expect(queue.status).toBe(200);
    const entry = queue.body.find((c: { candidateId: string }) => c.candidateId === `Candidate:${candidateId}`);
    expect(entry).toMatchObject({ field: 'reasonForLeaving', proposedValue: 'The team was disbanded', status: 0 });

    for (const who of [me, other])
      expect((await who.post(`/data-rights/corrections/${entry.id}/apply`, {})).status).toBe(403);
    const applied = await admin.post(`/data-rights/corrections/${entry.id}/apply`, {});
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const row = await t.knex('candidates').where('id', candidateId).first('reason_for_leaving');
    expect(row.reason_for_leaving).toBe('The team was disbanded');
    expect((await admin.post(`/data-rights/corrections/${entry.id}/apply`, {})).status).toBe(409);
    expect((await admin.post(`/data-rights/corrections/${entry.id}/decline`, { reason: 'x' })).status).toBe(409);

    const seen = (await me.get('/data-rights/corrections')).body.corrections[0];
    expect(seen).toMatchObject({ status: 'applied', answeredAt: expect.any(String) });
    // The candidate is told by email, once.
    const mail = await answerMail();
    expect(mail?.subject).toBe('Your correction request was accepted');
    expect(mail?.text).toContain('We corrected "Reason for leaving"');
    expect((await listOutbox(t.knex, myEmail, 20)).filter((m) => /correction request/.test(m.subject))).toHaveLength(1);
  });

  it('an admin applies a value of their own, which the profile rules check', async () => {
    const asked = await me.post('/data-rights/corrections', { field: 'visibility', note: 'Hide me from companies' });
    expect(asked.status).toBe(201);
    const id = asked.body.corrections[0].id;
    const wrong = await admin.post(`/data-rights/corrections/${id}/apply`, { value: 'not a boolean' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.error.fields)).toEqual(['value']);
    const done = await admin.post(`/data-rights/corrections/${id}/apply`, { value: false });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await t.knex('candidates').where('id', candidateId).first('visibility')).visibility).toBe(false);
  });

  it('is declined with a reason the candidate reads; the log holds every step', async () => {
    const asked = await me.post('/data-rights/corrections', {
      field: 'lookingFor',
      proposedValue: 'A payments team',
      note: 'Out of date',
    });
    const id = asked.body.corrections[0].id;
    const noReason = await admin.post(`/data-rights/corrections/${id}/decline`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(Object.keys(noReason.body.error.fields)).toEqual(['reason']);
    expect((await answerMail())?.subject).not.toBe('Your correction request was declined');
    expect((await admin.post('/data-rights/corrections/DataCorrection:999999/decline', { reason: 'x' })).status).toBe(
      404,
    );
    expect((await admin.post('/data-rights/corrections/nonsense/decline', { reason: 'x' })).status).toBe(404);
    const declined = await admin.post(`/data-rights/corrections/${id}/decline`, {
      reason: 'This is what you told our advocate on the call of 3 November.',
    });
    expect(declined.status).toBe(200);
    expect((await t.knex('candidates').where('id', candidateId).first('looking_for')).looking_for).toBe('Anything');
    const seen = (await me.get('/data-rights/corrections')).body.corrections[0];
    expect(seen).toMatchObject({
      field: 'lookingFor',
      status: 'declined',
      answer: 'This is what you told our advocate on the call of 3 November.',
    });
    const mail = await answerMail();
    expect(mail?.subject).toBe('Your correction request was declined');
    expect(mail?.text).toContain('"Looking for"');
    expect(mail?.text).toContain('Our answer: This is what you told our advocate on the call of 3 November.');
    // Another candidate sees none of it; companies and guests reach nothing.
    expect((await other.get('/data-rights/corrections')).body.corrections).toEqual([]);
    for (const who of ['owner@acme.example.com', 'owner@raas.example.com']) {
      const c = client(t, await t.login(who));
      expect((await c.get('/data-rights/corrections')).status).toBe(403);
      expect((await c.post('/data-rights/corrections', { field: 'lookingFor', note: 'x' })).status).toBe(403);
      expect((await c.get('/data-corrections')).status).toBe(403);
    }
    expect((await client(t).get('/data-rights/corrections')).status).toBe(401);
    expect(await log()).toEqual([23, 24, 23, 24, 23, 25]);
  });
});
