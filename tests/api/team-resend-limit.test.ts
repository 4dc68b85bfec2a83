/**
 * Inviting and resending an invitation email the invited address, so they are limited as every emailed link is:
 * with the production limits (5 per address in 15 minutes), the sixth mail to one colleague (the invitation and four
 * resends before it, or invitations made again after deleting the last) is 429 and queues nothing, while another
 * colleague's invitation can still be resent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { testApp, type TestApp } from '../helpers/app';

describe('Rate limit on resending invitations', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await testApp({ rateLimit: { perEmail: 5, perIp: 30, documents: 10000, windowMinutes: 15 } });
    owner = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
  });

  /** Invites and answers the new user's id (the answer is the same whether or not the address had an account). */
  const invite = async (email: string) => {
    await t.http.post('/api/v1/company-users/invite').set(owner).send({ email, role: 2 }).expect(201);
    return `User:${(await t.knex('company_users').where('email', email).first('id')).id}`;
  };
  const resend = (id: string) => t.http.post('/api/v1/company-users/resend-invitation').set(owner).send({ id });

  it('The sixth mail to one address is refused with 429 and sends nothing', async () => {
    const id = await invite('rita@acme.example.com');
    expect(await listOutbox(t.knex, 'rita@acme.example.com')).toHaveLength(1);
    for (let i = 0; i < 4; i += 1) await resend(id).expect(200, { success: true });
    const res = await resend(id).expect(429);
    expect(res.body.error).toEqual({
      code: 'errors.tooManyRequests',
      message: expect.stringMatching(/^Too many requests/),
    });
    // The invitation and four resends: the refused one queued no mail and made no new link.
    expect(await listOutbox(t.knex, 'rita@acme.example.com')).toHaveLength(5);
    expect((await t.knex('invitations').where('email', 'rita@acme.example.com').first()).send_count).toBe(5);
  });

  it('Inviting, deleting and inviting again is counted the same way', async () => {
    for (let i = 0; i < 5; i += 1) {
      const id = await invite('uma@acme.example.com');
      await t.http.delete(`/api/v1/company-users/${id}`).set(owner).expect(200);
    }
    const res = await t.http
      .post('/api/v1/company-users/invite')
      .set(owner)
      .send({ email: 'uma@acme.example.com', role: 2 });
    expect(res.status).toBe(429);
    expect(await t.knex('company_users').where('email', 'uma@acme.example.com').first()).toBeUndefined();
  });

  it("The limit is the address's: another colleague's invitation is resent", async () => {
    const id = await invite('sam@acme.example.com');
    await resend(id).expect(200, { success: true });
    expect(await listOutbox(t.knex, 'sam@acme.example.com')).toHaveLength(2);
  });

  it('An address with an account is limited the same: its owner gets at most five notices', async () => {
    await t
      .knex('candidates')
      .insert({ email: 'cand@acme.example.com', first_name: 'Cy', last_name: 'Dee', status: 1 });
    // Invited once, as a free address is (a second invitation is refused alike), then resent.
    const id = await invite('cand@acme.example.com');
    for (let i = 0; i < 4; i += 1) await resend(id).expect(200, { success: true });
    expect((await resend(id)).status).toBe(429);
    expect(await listOutbox(t.knex, 'cand@acme.example.com')).toHaveLength(5);
  });
});
