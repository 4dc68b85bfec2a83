/**
 * A field the caller may not read is refused in a save whatever value is sent: answering 200 when a guess matches the
 * stored value (the "sent back unchanged" allowance, which is for fields the caller can see) would let a candidate
 * read the admins' notes on them (reason for leaving, what they look for, source, owner) one guess at a time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { candidatePayload, talentIds } from '../helpers/talent';

let t: TestApp;
let admin: string;
const as = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

describe("A candidate's save and the admins' fields", () => {
  it('is refused alike for a right guess and a wrong one, and nothing is changed', async () => {
    const owner = await t.knex('admins').where('email', 'admin@example.com').first('id');
    const note = 'Low performer, do not place';
    const made = await t.http
      .post('/api/v1/candidates')
      .set(as(admin))
      .send(
        candidatePayload(await talentIds(t.knex), {
          reasonForLeaving: note,
          lookingFor: 'A lead role',
          ownerId: `Admin:${owner.id}`,
        }),
      )
      .expect(201);
    const me = await t.login(made.body.email);
    const read = await t.http.get(`/api/v1/candidates/${made.body.id}`).set(as(me)).expect(200);
    expect(read.body).not.toHaveProperty('reasonForLeaving');
    for (const [field, right, wrong] of [
      ['reasonForLeaving', note, 'Something else'],
      ['lookingFor', 'A lead role', 'Another role'],
      ['ownerId', `Admin:${owner.id}`, `Admin:${owner.id + 1000}`],
    ] as const) {
      const answers = await Promise.all(
        [right, wrong, null].map((value) =>
          t.http
            .put(`/api/v1/candidates/${made.body.id}`)
            .set(as(me))
            .send({ [field]: value }),
        ),
      );
      for (const res of answers) {
        expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(403);
        expect(res.body.error.fields).toEqual({ [field]: `${field}.errors.notWritable` });
      }
    }
    const stored = await t
      .knex('candidates')
      .where('id', Number(String(made.body.id).split(':').pop()))
      .first('reason_for_leaving');
    expect(stored.reason_for_leaving).toBe(note);
  });
});
