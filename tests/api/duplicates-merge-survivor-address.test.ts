/**
 * A default merge whose kept profile takes the other profile's address (the newer one's) and whose number replied STOP.
 * S (s.old) is made first, then M with the same phone; M is the newer, so S, kept, takes M's address by default. Then
 * S's old address still finds S on a form, is told which address signs in now (and, once undone, that its own does
 * again), and S's sessions and sign-in keys proved with it end. Of one number on both profiles, a STOP on either stays:
 * the merged profile has no WhatsApp, and WhatsApp follows the phone it was said of.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { pairOf } from '../helpers/duplicatePairs';
import { bearer } from '../helpers/talent';

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let admin: string;
const stamp = Date.now();

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
});

const row = async (id: number) =>
  (await t.knex('candidates').where('id', id).first('email', 'phone', 'phone_whatsapp')) as {
    email: string;
    phone: string | null;
    phone_whatsapp: boolean;
  };
/** The merge's and the undo's letters to `to` (not the sign-in codes). */
const mailsTo = async (to: string) =>
  ((await t.knex('outbox_emails').where('to', to).orderBy('id')) as { subject: string; text: string }[]).filter((m) =>
    /profiles were combined|profile is separate again/.test(m.subject),
  );
const merge = async (pairId: string, survivor: number, keep: Record<string, string> = {}) => {
  const res = await t.http
    .post(`/api/v1/candidate-duplicates/${pairId}/merge`)
    .set(bearer(admin))
    .send({ survivorId: `Candidate:${survivor}`, keep });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.mergeId as number;
};
const me = (token: string) => t.http.get('/api/v1/auth/check/user').set(bearer(token));

describe("A default merge that gives the kept profile the other one's address", () => {
  const sOld = `s.old.${stamp}@example.org`;
  const mNew = `m.new.${stamp}@example.org`;
  let S: number;
  let M: number;
  let mergeId: number;
  let tokenS: string;

  beforeAll(async () => {
    const pair = await pairOf(t, admin, { phone: '+65 8444 5151', first: 'Sabine', last: 'Okafor' }, [
      { email: sOld },
      { email: mNew },
    ]);
    [S, M] = [pair.a, pair.b];
    // M is written again after S: the newer profile, whose address the default keeps.
    const edited = await t.http
      .put(`/api/v1/candidates/Candidate:${M}`)
      .set(bearer(admin))
      .send({ summary: 'Written again after the other profile.' });
    expect(edited.status, JSON.stringify(edited.body)).toBeLessThan(300);
    tokenS = await t.login(sOld);
    expect((await me(tokenS)).body.user._id).toBe(`Candidate:${S}`);
    await t.knex('social_logins').insert({
      key_hash: 's'.repeat(64),
      purpose: 1,
      provider: 1,
      email: sOld,
      account_kind: 3,
      account_id: S,
      expires_at: new Date(Date.now() + 600_000),
    });
    mergeId = await merge(pair.pairId, S);
    expect((await row(S)).email).toBe(mNew);
  });

  it("ends the kept profile's sessions and sign-in keys proved with its old address", async () => {
    expect((await me(tokenS)).status).toBe(401);
    expect(await t.knex('sessions').where({ actor_kind: 3 }).whereIn('actor_id', [S, M])).toHaveLength(0);
    expect(await t.knex('social_logins').where({ account_kind: 3 }).whereIn('account_id', [S, M])).toHaveLength(0);
  });

  it("tells the kept profile's old address which address signs in now", async () => {
    const mails = await mailsTo(sOld);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/profiles were combined/)]);
    expect(mails[0].text).toContain(`m•••${mNew.split('@')[0].at(-1)}@example.org`);
    expect(mails[0].text).not.toContain(mNew);
    expect(await mailsTo(mNew)).toHaveLength(0);
  });

  it("finds the kept profile by its old address on a form's check", async () => {
    const check = await t.http
      .post('/api/v1/candidate-duplicates/check')
      .set(bearer(admin))
      .send({ firstName: 'Someone', lastName: 'Else', email: sOld.toUpperCase() });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.twins).toEqual([expect.objectContaining({ id: `Candidate:${S}`, reasons: ['email'] })]);
  });

  it('tells the old address, once the merge is undone, that it signs in again', async () => {
    const undone = await t.http.post(`/api/v1/candidate-merges/${mergeId}/undo`).set(bearer(admin)).send({});
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((await row(S)).email).toBe(sOld);
    const mails = await mailsTo(sOld);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/profiles were combined/),
      expect.stringMatching(/profile is separate again/),
    ]);
    expect(mails[1].text).toContain(`sign in with ${sOld} again`);
  });
});

describe('A merge of two profiles with one phone number', () => {
  it('keeps WhatsApp off when the older profile replied STOP', async () => {
    const pair = await pairOf(t, admin, { phone: '+65 8444 5252', first: 'Tomas', last: 'Lindqvist' }, [
      { phoneWhatsapp: true },
      { phoneWhatsapp: true },
    ]);
    // The older profile's number replied STOP (whatsappOutbox.ts turns its WhatsApp off); the newer still says yes.
    await t
      .knex('candidates')
      .where('id', pair.a)
      .update({ phone_whatsapp: false, updated_at: new Date(2020, 0, 1) });
    await merge(pair.pairId, pair.a);
    expect(await row(pair.a)).toMatchObject({ phone: '+6584445252', phone_whatsapp: false });
  });

  it('keeps WhatsApp off when the profile merged away replied STOP', async () => {
    const pair = await pairOf(t, admin, { phone: '+65 8444 5353', first: 'Ulla', last: 'Marangoni' }, [
      { phoneWhatsapp: true },
      { phoneWhatsapp: true },
    ]);
    await t
      .knex('candidates')
      .where('id', pair.b)
      .update({ phone_whatsapp: false, updated_at: new Date(2020, 0, 1) });
    await merge(pair.pairId, pair.a);
    expect((await row(pair.a)).phone_whatsapp).toBe(false);
  });

  it('takes WhatsApp with the phone it was said of', async () => {
    // S has no phone and said yes to WhatsApp; M's number replied STOP: M's phone comes without WhatsApp.
    const githubUrl = `https://github.com/vera-nakashima-${stamp}`;
    const pair = await pairOf(t, admin, { phone: '+65 8444 5454', first: 'Vera', last: 'Nakashima' }, [
      { phoneWhatsapp: true, githubUrl, phone: null },
      { phoneWhatsapp: true, githubUrl },
    ]);
    await t
      .knex('candidates')
      .where('id', pair.b)
      .update({ phone_whatsapp: false, updated_at: new Date(2020, 0, 1) });
    await merge(pair.pairId, pair.a, { email: 'survivor' });
    expect(await row(pair.a)).toMatchObject({ phone: '+6584445454', phone_whatsapp: false });
  });
});
