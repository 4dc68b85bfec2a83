/**
 * Confirming a change of a candidate's email answers alike whether the new address is taken or free: five wrong
 * codes lock the request in both cases, so the answers do not tell whether the address has an account.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { candidatePayload, talentIds, type TalentIds } from '../helpers/talent';

describe("A candidate's email change and an address that has an account", () => {
  let t: TestApp;
  let ids: TalentIds;
  let admin: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** A new active candidate, signed in. */
  async function newCandidate(): Promise<{ id: string; email: string; token: string }> {
    const res = await t.http.post('/api/v1/candidates').set(as(admin)).send(candidatePayload(ids)).expect(201);
    return { id: res.body.id, email: res.body.email, token: await t.login(res.body.email) };
  }

  /** Asks to move a new candidate to `email`, then sends a wrong code six times: the answers, in order. */
  async function wrongCodes(email: string, wrong: () => Promise<string>): Promise<string[]> {
    const me = await newCandidate();
    await t.http
      .post(`/api/v1/candidate-email-change-request/is-send-confirmation-email-for-update/${me.id}`)
      .set(as(me.token))
      .send({ email })
      .expect(200);
    const code = await wrong();
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.http
        .put(`/api/v1/candidate-email-change-request/confirm-email-to-update/${me.id}`)
        .set(as(me.token))
        .send({ code });
      answers.push(`${res.status} ${res.body.error?.code}`);
    }
    return answers;
  }

  beforeAll(async () => {
    t = await testApp();
    ids = await talentIds(t.knex);
    admin = await t.login('admin@example.com');
  });

  it('Five wrong codes lock the change alike for a taken address and a free one', async () => {
    const taken = await wrongCodes('owner@acme.example.com', async () => '000000');
    const free = `free.${Date.now()}@example.com`;
    const answers = await wrongCodes(free, async () => ((await t.lastCode(free)) === '000000' ? '111111' : '000000'));
    expect(answers[4]).toBe('400 otp.locked');
    expect(taken[4]).toBe(answers[4]);
    expect(taken).toEqual(answers);
  });
});
