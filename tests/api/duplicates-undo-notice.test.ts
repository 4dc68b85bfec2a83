/**
 * An undone merge tells the person it had told "this address no longer signs in" that their own address signs in
 * again; when the merge gave the kept profile the other one's address, the kept profile's own address is the one told.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let admin: string;
const num = (id: unknown) => Number(String(id).split(':').pop());
const stamp = Date.now();

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

/** Two profiles of one person (same phone), merged keeping `keep`'s address, then the merge undone. */
async function mergeAndUndo(tag: string, phone: string, keep: 'survivor' | 'merged') {
  const ids = await talentIds(t.knex);
  const emails = [`ida.${tag}.old.${stamp}@example.org`, `ida.${tag}.kept.${stamp}@example.org`];
  const made: number[] = [];
  for (const [n, email] of emails.entries()) {
    const payload = candidatePayload(ids, {
      firstName: 'Ida',
      lastName: `Quek${tag}${n}`,
      email,
      phone,
      linkedInUrl: null,
      experiences: [
        { title: `Role ${n}`, company: `Undo ${tag} Co ${n}`, startDate: '2019-01-01', currentPosition: true },
      ],
    });
    const res = await t.http.post('/api/v1/candidates').set(bearer(admin)).send(payload);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made.push(num(res.body.id));
  }
  const [M, S] = made;
  await runJobs(t);
  const pair = await t
    .knex('candidate_duplicates')
    .where({ candidate_id: Math.min(M, S), other_id: Math.max(M, S) })
    .first('id');
  expect(pair, 'the two profiles make a pair').toBeDefined();
  const merged = await t.http
    .post(`/api/v1/candidate-duplicates/${pair.id}/merge`)
    .set(bearer(admin))
    .send({ survivorId: `Candidate:${S}`, keep: { email: keep } });
  expect(merged.status, JSON.stringify(merged.body)).toBe(200);
  const undone = await t.http.post(`/api/v1/candidate-merges/${merged.body.mergeId}/undo`).set(bearer(admin)).send({});
  expect(undone.status, JSON.stringify(undone.body)).toBe(200);
  return { mEmail: emails[0], sEmail: emails[1] };
}

const subjects = async (to: string) =>
  ((await t.knex('outbox_emails').where('to', to).orderBy('id')) as { subject: string; text: string }[]).map((m) => m);

describe('Undoing a merge', () => {
  it('tells the returning person their own address signs in again', async () => {
    const { mEmail, sEmail } = await mergeAndUndo('a', '+65 8123 7781', 'survivor');
    const mails = await subjects(mEmail);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/profiles were combined/),
      expect.stringMatching(/profile is separate again/),
    ]);
    expect(mails[1].text).toContain(`sign in with ${mEmail} again`);
    expect(await subjects(sEmail)).toHaveLength(0);
  });

  it("tells the kept profile's own address when the merge gave it the other one's", async () => {
    const { mEmail, sEmail } = await mergeAndUndo('b', '+65 8123 7782', 'merged');
    expect(await subjects(mEmail)).toHaveLength(0);
    expect((await subjects(sEmail)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/profiles were combined/),
      expect.stringMatching(/profile is separate again/),
    ]);
  });
});
