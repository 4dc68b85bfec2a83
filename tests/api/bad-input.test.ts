/**
 * Bad input to every write of every resource, as a General admin: each invalid value of each
 * writable field is a 400 whose error.fields names the field with a message key
 * ('<field>.errors.<rule>'), all problems are reported at once, and nothing is written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { columnOf, isWritable, resources, type EntityDef } from '../../schema';
import { client, DEMO_ROLES, signIn, type Client, type SignedIn } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { declaredFields, isAllowed } from '../helpers/declared';
import { invalidValues, type InvalidValue } from '../helpers/invalidValues';
import { apiId, dbId, insertSample, rowCount, samplePayload } from '../helpers/samples';

let t: TestApp;
let admin: SignedIn;
let api: Client;

beforeAll(async () => {
  t = await testApp();
  admin = await signIn(
    t,
    DEMO_ROLES.find((r) => r.role === 'admin' && r.adminType === 'general')!,
  );
  api = client(t, admin.token);
});

/** The fields the General admin may write with `action`, as the declaration says. */
const writable = (entity: EntityDef, action: 'create' | 'update') =>
  declaredFields(entity, { role: 'admin', adminType: 'general' }, action).filter(
    (f) => entity.fields[f] && isWritable(entity.fields[f]),
  );

/** Bad values the API must catch before touching the database (missing rows are found by it). */
const checkedUpFront = (bad: InvalidValue) => !bad.key.endsWith('.errors.notFound');

function expectFieldErrors(
  res: { status: number; body: { error?: { code: string; fields?: Record<string, string> } } },
  fields: Record<string, string>,
  what: string,
) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.error?.code, what).toBe('errors.validation');
  expect(res.body.error?.fields, what).toEqual(fields);
}

const admitting = (action: 'create' | 'update') =>
  resources.filter((e) => isAllowed(e, { role: 'admin', adminType: 'general' }, action));

describe.each(admitting('create').map((e) => [e.resource as string, e] as const))('Creating %s', (resource, entity) => {
  let payload: Record<string, unknown>;
  beforeAll(async () => {
    payload = await samplePayload(t.knex, entity);
  });

  it.each(writable(entity, 'create'))(
    'refuses every invalid %s with a field error and writes nothing',
    async (field) => {
      const before = await rowCount(t.knex, entity);
      for (const bad of invalidValues(field, entity.fields[field], payload[field])) {
        const res = await api.post(`/${resource}`, { ...payload, [field]: bad.value });
        expectFieldErrors(res, { [bad.path]: bad.key }, `${field} ${bad.label}`);
      }
      expect(await rowCount(t.knex, entity), 'rows after the refused writes').toBe(before);
    },
  );

  it('reports several bad fields at once', async () => {
    const bads = writable(entity, 'create')
      .map((field) => invalidValues(field, entity.fields[field], payload[field]).find(checkedUpFront))
      .filter((bad): bad is InvalidValue => bad !== undefined && !bad.path.includes('.'));
    expect(bads.length, 'fields with bad values').toBeGreaterThan(0);
    const body = { ...payload, ...Object.fromEntries(bads.map((b) => [b.path, b.value])) };
    const before = await rowCount(t.knex, entity);
    expectFieldErrors(
      await api.post(`/${resource}`, body),
      Object.fromEntries(bads.map((b) => [b.path, b.key])),
      'all at once',
    );
    expect(await rowCount(t.knex, entity)).toBe(before);
  });

  it('refuses a body that is not JSON, or not an object', async () => {
    const before = await rowCount(t.knex, entity);
    const broken = await t.http
      .post(`/api/v1/${resource}`)
      .set('Authorization', `Bearer ${admin.token}`)
      .set('Content-Type', 'application/json')
      .send('{"name": ');
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('errors.invalidJson');
    for (const body of ['[]', '[{"name":"x"}]', '"text"', '42', 'null']) {
      const res = await t.http
        .post(`/api/v1/${resource}`)
        .set('Authorization', `Bearer ${admin.token}`)
        .set('Content-Type', 'application/json')
        .send(body);
      expect(res.status, body).toBe(400);
      expect(res.body.error.code, body).toMatch(/^errors\./);
    }
    expect(await rowCount(t.knex, entity)).toBe(before);
  });

  const unique = writable(entity, 'create').filter((f) => entity.fields[f].unique);
  if (unique.length > 0) {
    it(`refuses a value of ${unique.join(', ')} that another row already has`, async () => {
      for (const field of unique) {
        const existing = await t.knex(entity.table).whereNotNull(columnOf(field)).first();
        const value = existing[columnOf(field)];
        const before = await rowCount(t.knex, entity);
        const res = await api.post(`/${resource}`, {
          ...payload,
          [field]: typeof value === 'string' && entity.fields[field].kind === 'email' ? value.toUpperCase() : value,
        });
        expectFieldErrors(res, { [field]: entity.fields[field].uniqueMessage ?? `${field}.errors.exists` }, field);
        expect(await rowCount(t.knex, entity)).toBe(before);
      }
    });
  }

  const urls = writable(entity, 'create').filter(
    (f) => entity.fields[f].kind === 'url' && entity.fields[f].normaliseHttps,
  );
  if (urls.length > 0) {
    it(`stores ${urls.join(', ')} given without https as https links`, async () => {
      for (const [i, given] of [
        (u: string) => u.replace(/^https:\/\//, ''),
        (u: string) => u.replace(/^https:/, 'http:'),
      ].entries()) {
        const body = await samplePayload(t.knex, entity);
        const res = await api.post(`/${resource}`, {
          ...body,
          ...Object.fromEntries(urls.map((f) => [f, given(body[f] as string)])),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const row = await t.knex(entity.table).where('id', dbId(entity, res.body.id)).first();
        for (const f of urls) expect(row[columnOf(f)], `${f} given as form ${i}`).toBe(body[f]);
      }
    });
  }
});

describe.each(admitting('update').map((e) => [e.resource as string, e] as const))('Updating %s', (resource, entity) => {
  it('refuses every invalid value of every field with a field error and changes nothing', async () => {
    const payload = await samplePayload(t.knex, entity);
    const id = await insertSample(t.knex, entity);
    const before = await t.knex(entity.table).where('id', id).first();
    for (const field of writable(entity, 'update')) {
      for (const bad of invalidValues(field, entity.fields[field], payload[field])) {
        const res = await api.put(`/${resource}/${apiId(entity, id)}`, { [field]: bad.value });
        // A field fixed after create (a company user's company) refuses a well-formed change as fixed before it is
        // looked up; a malformed one is refused as such first.
        const fixed = entity.fields[field].fixed && !checkedUpFront(bad);
        const expected = fixed ? { [field]: `${field}.errors.fixed` } : { [bad.path]: bad.key };
        expectFieldErrors(res, expected, `${field} ${bad.label}`);
      }
    }
    expect(await t.knex(entity.table).where('id', id).first()).toEqual(before);
  });
});

describe('Emails are unique across admins, company users and candidates', () => {
  const people = ['admin', 'companyUser', 'candidate'].map(
    (name) => resources.find((e) => e.name === name) as EntityDef,
  );

  it.each(people.flatMap((a) => people.map((b) => [a.resource, b.resource, a, b] as const)))(
    'creating or updating %s with the email of one of the %s is refused',
    async (_a, _b, target, owner) => {
      const { email } = await t.knex(owner.table).orderBy('id').first('email');
      const before = await rowCount(t.knex, target);
      const created = await api.post(
        `/${target.resource}`,
        await samplePayload(t.knex, target, { email: ` ${email.toUpperCase()} ` }),
      );
      expectFieldErrors(created, { email: 'email.errors.exists' }, 'create');
      expect(await rowCount(t.knex, target)).toBe(before);
      // Nobody moves another person to an address, taken or not: the refusal says so before anything else.
      const id = await insertSample(t.knex, target);
      const updated = await api.put(`/${target.resource}/${apiId(target, id)}`, { email });
      expectFieldErrors(updated, { email: 'email.errors.notYours' }, 'update');
      expect((await t.knex(target.table).where('id', id).first('email')).email).not.toBe(email);
    },
  );

  it('a tag identifier already in use is refused as tags.errors.identifierExists', async () => {
    const tags = resources.find((e) => e.name === 'tag') as EntityDef;
    const res = await api.post('/tags', await samplePayload(t.knex, tags, { identifier: 'toptalent' }));
    expectFieldErrors(res, { identifier: 'tags.errors.identifierExists' }, 'duplicate identifier');
  });
});
