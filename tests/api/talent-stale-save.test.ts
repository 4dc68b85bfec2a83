/**
 * A save from an older copy of a candidate profile does not undo what changed since: the console's edit form and the
 * candidate's own page send the `updatedAt` they read, and a profile changed meanwhile (the candidate paused it, turned
 * anonymity on) answers 409 'candidates.errors.changedMeanwhile' with nothing written. A save over a status the
 * candidate chose themselves needs `confirm: true`, as the admins' bulk status change does. Payloads are built as the
 * forms build them (ui/candidate-profile/profileFields.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { toFormValues, toPayload, type Editor } from '../../ui/candidate-profile/profileFields';
import { testApp, type TestApp } from '../helpers/app';
import { bearer, candidatePayload, talentIds, type TalentIds } from '../helpers/talent';

describe('Saving an older copy of a candidate profile', () => {
  let t: TestApp;
  let ids: TalentIds;
  let admin: string;

  beforeAll(async () => {
    t = await testApp();
    ids = await talentIds(t.knex);
    admin = await t.login('admin@example.com');
  });

  /** A new active, named candidate, signed in. */
  async function newCandidate(): Promise<{ id: string; token: string }> {
    const res = await t.http.post('/api/v1/candidates').set(bearer(admin)).send(candidatePayload(ids)).expect(201);
    return { id: res.body.id, token: await t.login(res.body.email) };
  }

  /** What a form opened now holds: the record as its GET answers it. */
  async function open(id: string, token: string): Promise<Record<string, unknown>> {
    return (await t.http.get(`/api/v1/candidates/${id}`).set(bearer(token)).expect(200)).body;
  }

  /** The body a form sends for its record with some fields changed, with the updatedAt it read. */
  const formSave = (record: Record<string, unknown>, editor: Editor, changes: Record<string, unknown>) => ({
    ...toPayload({ ...toFormValues(record, editor), ...changes }, editor),
    updatedAt: record.updatedAt,
  });

  it("an admin's form opened before the candidate paused and went anonymous is refused, and the pause stays", async () => {
    const me = await newCandidate();
    const form = await open(me.id, admin);
    expect(form).toMatchObject({ status: 1, anonymous: false });

    await t.http.post(`/api/v1/candidates/${me.id}/pause`).set(bearer(me.token)).expect(200);
    const mine = await open(me.id, me.token);
    await t.http
      .put(`/api/v1/candidates/${me.id}`)
      .set(bearer(me.token))
      .send(formSave(mine, 'candidate', { anonymous: true }))
      .expect(200);

    const stale = await t.http
      .put(`/api/v1/candidates/${me.id}`)
      .set(bearer(admin))
      .send(formSave(form, 'admin', { summary: 'Edited in the console' }));
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({
      code: 'candidates.errors.changedMeanwhile',
      fields: { updatedAt: 'candidates.errors.changedMeanwhile' },
    });
    expect(await open(me.id, admin)).toMatchObject({ status: 2, selfChosenStatus: true, anonymous: true });
  });

  it("the candidate's own tab left open does not turn anonymity off again", async () => {
    const me = await newCandidate();
    const laptop = await open(me.id, me.token);
    const phone = await open(me.id, me.token);
    await t.http
      .put(`/api/v1/candidates/${me.id}`)
      .set(bearer(me.token))
      .send(formSave(phone, 'candidate', { anonymous: true }))
      .expect(200);
    await t.http.post(`/api/v1/candidates/${me.id}/pause`).set(bearer(me.token)).expect(200);

    const stale = await t.http
      .put(`/api/v1/candidates/${me.id}`)
      .set(bearer(me.token))
      .send(formSave(laptop, 'candidate', { summary: 'Written on the laptop' }));
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('candidates.errors.changedMeanwhile');
    const now = await open(me.id, admin);
    expect(now).toMatchObject({ status: 2, anonymous: true });
    expect(now.summary).not.toBe('Written on the laptop');
  });

  it('a form reloaded after the change saves, and its answer is the copy to save from next', async () => {
    const me = await newCandidate();
    await t.http.post(`/api/v1/candidates/${me.id}/pause`).set(bearer(me.token)).expect(200);
    const mine = await open(me.id, me.token);
    const first = await t.http
      .put(`/api/v1/candidates/${me.id}`)
      .set(bearer(me.token))
      .send(formSave(mine, 'candidate', { summary: 'First' }))
      .expect(200);
    await t.http
      .put(`/api/v1/candidates/${me.id}`)
      .set(bearer(me.token))
      .send(formSave(first.body, 'candidate', { summary: 'Second' }))
      .expect(200);
    const form = await open(me.id, admin);
    const saved = await t.http
      .put(`/api/v1/candidates/${me.id}`)
      .set(bearer(admin))
      .send(formSave(form, 'admin', { summary: 'By the team' }))
      .expect(200);
    expect(saved.body).toMatchObject({ status: 2, selfChosenStatus: true, summary: 'By the team' });
  });

  it('changing a status the candidate chose needs a confirmation, as the bulk change does', async () => {
    const me = await newCandidate();
    await t.http.post(`/api/v1/candidates/${me.id}/pause`).set(bearer(me.token)).expect(200);
    const form = await open(me.id, admin);

    const asked = await t.http
      .put(`/api/v1/candidates/${me.id}`)
      .set(bearer(admin))
      .send(formSave(form, 'admin', { status: 1 }));
    expect(asked.status).toBe(409);
    expect(asked.body.error).toMatchObject({
      code: 'candidates.errors.selfChosenStatus',
      fields: { status: 'candidates.errors.selfChosenStatusOne' },
      candidates: [me.id],
    });
    // Without the version too: an API client that sends no updatedAt is asked all the same.
    await t.http.put(`/api/v1/candidates/${me.id}`).set(bearer(admin)).send({ status: 1 }).expect(409);
    expect(await open(me.id, admin)).toMatchObject({ status: 2, selfChosenStatus: true });

    const confirmed = await t.http
      .put(`/api/v1/candidates/${me.id}`)
      .set(bearer(admin))
      .send({ ...formSave(form, 'admin', { status: 1 }), confirm: true })
      .expect(200);
    expect(confirmed.body).toMatchObject({ status: 1, selfChosenStatus: false });
  });

  it('an updatedAt that is no date is a field error', async () => {
    const me = await newCandidate();
    const res = await t.http
      .put(`/api/v1/candidates/${me.id}`)
      .set(bearer(me.token))
      .send({ summary: 'x', updatedAt: 'yesterday-ish' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ updatedAt: 'errors.invalid' });
  });
});
