/**
 * An admin's single add keeps erased people out as the import does (services/erasedEmails.ts assertNotErased):
 * once Lena Ko is erased, `POST /candidates` (the portal's Talent → Add, the console's create) with her address, as
 * written, in capitals or with a +tag, is refused with the import's reason as a field error on `email`, and nobody is
 * created; an admin's edit giving another candidate her address is refused on `email` too; another address is added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as text } from '../../i18n';
import { testApp, type TestApp } from '../helpers/app';
import { candidateToErase, eraseAndSettle } from '../helpers/erasure';
import { bearer, candidatePayload, talentIds, type TalentIds } from '../helpers/talent';

const EMAIL = 'lena.ko@erased-add.example.org';
const SPELLINGS = [EMAIL, 'Lena.Ko@Erased-Add.example.org', 'lena.ko+cv@erased-add.example.org'];

let t: TestApp;
let admin: string;
let ids: TalentIds;

const add = (email: string) =>
  t.http
    .post('/api/v1/candidates')
    .set(bearer(admin))
    .send({ ...candidatePayload(ids, { firstName: 'Lena', lastName: 'Ko', email }), status: 1 });
const holding = (email: string) =>
  t.knex('candidates').whereRaw('lower(email) = lower(?)', [email]).count({ n: '*' }).first();

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  ids = await talentIds(t.knex);
  const id = await candidateToErase(t, admin, {
    ...{ firstName: 'Lena', lastName: 'Ko', email: EMAIL },
    ...{ phone: '+65 8123 6577', linkedInUrl: null },
  });
  await eraseAndSettle(t, admin, id);
}, 120_000);

afterAll(async () => {
  await t?.knex.destroy();
});

describe("An admin's add of an erased person", () => {
  it.each(SPELLINGS)('is refused for %s: 400, the import’s reason on `email`, nobody created', async (email) => {
    const res = await add(email);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ email: 'erasure.errors.erasedEmail' });
    expect(text(res.body.error.fields.email)).toBe(
      'This person asked to be erased; only they can bring their profile back, by signing up',
    );
    expect(await holding(email)).toEqual({ n: 0 });
  });

  it("is refused when an admin's edit gives another candidate the address", async () => {
    const other = await add('someone.else@erased-add.example.org');
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const res = await t.http
      .put(`/api/v1/candidates/${other.body.id}`)
      .set(bearer(admin))
      .send({ email: 'lena.ko+work@erased-add.example.org' });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields.email).toBeTruthy();
    expect(await holding('lena.ko+work@erased-add.example.org')).toEqual({ n: 0 });
  });

  it('lets another address in', async () => {
    const res = await add('lena.ko@elsewhere.example.org');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});
