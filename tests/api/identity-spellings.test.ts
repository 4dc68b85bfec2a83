/**
 * One mailbox, one account; no invisible characters in what others read:
 * - an address is stored and looked up in one spelling (NFC, lower case, the domain in one Unicode
 *   form): 'anna@münchen.de' and 'anna@xn--mnchen-3ya.de' (or NFD, or a fullwidth letter in the
 *   domain) are one account, so a second is refused as taken and sign-in with any spelling finds it;
 * - an address holding a zero-width, bidi or control character or a fullwidth '＠' is refused as
 *   invalid, at sign-in and when an account is created;
 * - a one-line text (names, company names, lookup names) loses bidi embeddings, overrides and
 *   isolates, zero-width spaces, word joiners and BOMs, so 'Zebralang\u200B' is the existing skill
 *   'Zebralang' and '\u202Eemca' cannot read 'acme'; ZWNJ and ZWJ (Persian, Indic, emoji) stay.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { resources, type EntityDef } from '../../schema';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { samplePayload } from '../helpers/samples';

let t: TestApp;
let admin: Client;
const candidates = resources.find((e) => e.name === 'candidate') as EntityDef;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
});

const createCandidate = async (overrides: Record<string, unknown>) =>
  admin.post('/candidates', await samplePayload(t.knex, candidates, overrides));

describe('Spellings of one address', () => {
  it('are one account: stored in one form, a second refused as taken, and sign-in with any spelling finds it', async () => {
    const created = await createCandidate({ email: 'anna@xn--mnchen-3ya.de' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = Number(String(created.body.id).split(':').pop());
    expect((await t.knex('candidates').where('id', id).first('email')).email).toBe('anna@münchen.de');
    for (const email of ['anna@münchen.de', 'ANNA@MÜNCHEN.DE', 'anna@mu\u0308nchen.de', 'anna@ｍünchen.de']) {
      const again = await createCandidate({ email });
      expect(again.status, email).toBe(400);
      expect(again.body.error.fields, email).toEqual({ email: 'email.errors.exists' });
    }
    expect(await t.knex('candidates').whereILike('email', 'anna@%').count({ n: '*' }).first()).toEqual({ n: 1 });

    await t.knex('candidates').where('id', id).update({ status: 1 });
    await t.http.post('/api/v1/auth/send-email-otp').send({ email: 'Anna@MU\u0308NCHEN.de' }).expect(200);
    const login = await t.http
      .post('/api/v1/auth/login-by-email-otp')
      .send({ email: 'anna@xn--mnchen-3ya.de', otp: await t.lastCode('anna@münchen.de') });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.user.email).toBe('anna@münchen.de');
  });

  it('holding an invisible, bidi or control character or a fullwidth ＠ is refused as invalid everywhere', async () => {
    for (const email of [
      'zw\u200bsp@example.org',
      'joiner\u2060@example.org',
      'bom\ufeff@example.org',
      'bidi\u202e@example.org',
      'iso\u2066late@example.org',
      'zwj\u200d@example.org',
      'wide\uff20evil.example@example.org',
      'dom@exa\u200bmple.org',
    ]) {
      const sent = await t.http.post('/api/v1/auth/send-email-otp').send({ email });
      expect(sent.status, JSON.stringify(email)).toBe(400);
      expect(sent.body.error.fields, JSON.stringify(email)).toEqual({ email: 'email.errors.invalid' });
      const created = await createCandidate({ email });
      expect(created.status, JSON.stringify(email)).toBe(400);
      expect(created.body.error.fields, JSON.stringify(email)).toEqual({ email: 'email.errors.invalid' });
    }
  });
});

describe('One-line text shown to others', () => {
  it('loses bidi controls and zero-width spaces in names; ZWNJ and ZWJ stay', async () => {
    const created = await createCandidate({
      email: 'bidi.names@example.org',
      firstName: '\u202Eeci\u2066la\u2069',
      lastName: 'Row\u200ban\ufeff\u2060',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = Number(String(created.body.id).split(':').pop());
    expect(await t.knex('candidates').where('id', id).first('first_name', 'last_name')).toEqual({
      first_name: 'ecila',
      last_name: 'Rowan',
    });
    const acme = await t.knex('companies').where('company_name', 'Acme').first('id');
    const renamed = await admin.put(`/companies/Company:${acme.id}`, { companyName: '\u202Aemca\u202C Corp' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await t.knex('companies').where('id', acme.id).first('company_name')).company_name).toBe('emca Corp');
    await admin.put(`/companies/Company:${acme.id}`, { companyName: 'Acme' }).expect(200);
    const persian = await createCandidate({
      email: 'zwnj@example.org',
      firstName: 'می\u200cخواهم',
      lastName: '👩\u200d💻',
    });
    expect(persian.status, JSON.stringify(persian.body)).toBe(201);
    const kept = await t.knex('candidates').where('email', 'zwnj@example.org').first('first_name', 'last_name');
    expect(kept).toEqual({ first_name: 'می\u200cخواهم', last_name: '👩\u200d💻' });
  });

  it('makes a lookup name with a zero-width space or bidi override the existing one: refused as taken', async () => {
    expect((await admin.post('/skills', { name: 'Zebralang' })).status).toBe(201);
    for (const name of ['Zebralang\u200b', '\u202dZebra\u2060lang', '\ufeffZebralang']) {
      const res = await admin.post('/skills', { name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(name)).toEqual({ name: 'name.errors.exists' });
    }
    expect(await t.knex('skills').whereILike('name', '%zebra%').pluck('name')).toEqual(['Zebralang']);
  });
});
