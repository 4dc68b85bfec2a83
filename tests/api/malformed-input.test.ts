/**
 * Text that PostgreSQL would refuse or change (NUL, lone surrogates, malformed escapes), prototype
 * names as keys, sort fields or filters, and dates out of range: refused before any route with a
 * field error in the one envelope, for every resource, logged out included, never a 500.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resources } from '../../schema';
import { logger } from '../../backend/logger';
import { client, DEMO_ROLES, signIn, type Client } from '../helpers/actors';
import { listQuery, testApp, type TestApp } from '../helpers/app';
import { rowCount } from '../helpers/samples';

let t: TestApp;
let admin: Client;
const guest = () => client(t);

beforeAll(async () => {
  t = await testApp();
  admin = client(
    t,
    (
      await signIn(
        t,
        DEMO_ROLES.find((r) => r.role === 'admin' && r.adminType === 'general')!,
      )
    ).token,
  );
});

afterEach(() => vi.restoreAllMocks());

type Res = { status: number; body: { error?: { code: string; message: string; fields?: Record<string, string> } } };

function expectRefused(res: Res, fields: Record<string, string> | undefined, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(typeof res.body.error?.message, what).toBe('string');
  if (fields) expect(res.body.error?.fields, what).toEqual(fields);
}

const BUILT_IN_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  'isPrototypeOf',
];

describe('Prototype and built-in names in list parameters', () => {
  it.each(resources.map((e) => [e.resource as string]))(
    '%s refuses them as sort fields, logged out and as an admin',
    async (resource) => {
      for (const name of BUILT_IN_NAMES) {
        for (const who of [guest(), admin]) {
          const res = await who.get(`/${resource}?${listQuery({ sort: [name, 'ASC'] })}`);
          expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
          expect(res.body.error?.code, name).toMatch(/^errors\./);
        }
        expectRefused(
          await admin.get(`/${resource}?${listQuery({ sort: [name, 'ASC'] })}`),
          { sort: 'sort.errors.invalid' },
          name,
        );
      }
    },
  );

  it.each(resources.map((e) => [e.resource as string]))('%s refuses them as filter keys', async (resource) => {
    for (const name of BUILT_IN_NAMES.filter((n) => n !== '__proto__' && n !== 'constructor' && n !== 'prototype')) {
      expectRefused(
        await admin.get(`/${resource}?${listQuery({ filter: { [name]: 1 } })}`),
        { [name]: 'filter.errors.invalid' },
        name,
      );
      expectRefused(
        await admin.get(`/${resource}?${listQuery({ filter: { [`${name}_gte`]: 1 } })}`),
        { [`${name}_gte`]: 'filter.errors.invalid' },
        name,
      );
    }
    const proto = await admin.get(`/${resource}?filter=${encodeURIComponent('{"__proto__":{"x":1}}')}`);
    expectRefused(proto, { 'filter.__proto__': 'filter.__proto__.errors.notAllowedKey' }, '__proto__');
    const ctor = await admin.get(`/${resource}?filter=${encodeURIComponent('{"constructor":{"prototype":{"x":1}}}')}`);
    expectRefused(ctor, { 'filter.constructor': 'filter.constructor.errors.notAllowedKey' }, 'constructor.prototype');
    expectRefused(
      await guest().get(`/${resource}?filter=${encodeURIComponent('{"constructor":1}')}`),
      undefined,
      'constructor, logged out',
    );
  });

  it('a date filter out of the range dates can take is refused, not sent to the database', async () => {
    for (const value of ['+275760-09-13T00:00:00Z', '-271821-04-20T00:00:00Z', '+010000-01-01T00:00:00Z']) {
      expectRefused(
        await admin.get(`/candidates?${listQuery({ filter: { createdAt_lte: value } })}`),
        { createdAt_lte: 'createdAt.errors.invalid' },
        value,
      );
    }
    expect(
      (await admin.get(`/candidates?${listQuery({ filter: { createdAt_lte: '9999-12-31T00:00:00Z' } })}`)).status,
    ).toBe(200);
  });
});

describe('NUL characters and lone surrogates', () => {
  it('a NUL in a text search is refused on every resource', async () => {
    for (const entity of resources) {
      expectRefused(
        await admin.get(`/${entity.resource}?${listQuery({ filter: { q: 'a\u0000' } })}`),
        { 'filter.q': 'filter.q.errors.invalidText' },
        entity.name,
      );
    }
  });

  it('A tag named with a NUL is refused on create and update, and nothing is written', async () => {
    const tags = resources.find((e) => e.name === 'tag')!;
    const before = await rowCount(t.knex, tags);
    const body = { name: 'a\u0000b', description: 'Tagged', identifier: 'nulcheck', icon: 'star' };
    expectRefused(await admin.post('/tags', body), { name: 'name.errors.invalidText' }, 'create');
    const tag = await t.knex('tags').orderBy('id').first();
    expectRefused(
      await admin.put(`/tags/Tags:${tag.id}`, { ...body, name: 'x\u0000' }),
      { name: 'name.errors.invalidText' },
      'update',
    );
    expect(await rowCount(t.knex, tags)).toBe(before);
    expect((await t.knex('tags').where('id', tag.id).first()).name).toBe(tag.name);
  });

  it('A skill named with a lone surrogate is refused, never stored as a replacement character', async () => {
    const skills = resources.find((e) => e.name === 'skill')!;
    const before = await rowCount(t.knex, skills);
    for (const name of ['\ud800', 'abc\udfff', '\udc00\ud800']) {
      expectRefused(await admin.post('/skills', { name }), { name: 'name.errors.invalidText' }, JSON.stringify(name));
    }
    expect(await rowCount(t.knex, skills)).toBe(before);
    expect(await t.knex('skills').where('name', 'like', '%\ufffd%').count('* as n').first()).toEqual({ n: 0 });
  });

  it('Nested text is checked too, and the field names where', async () => {
    const res = await admin.post('/candidates', {
      firstName: 'Ann',
      experiences: [{ title: 'ok' }, { title: 'bad\u0000' }],
    });
    expectRefused(res, { 'experiences.1.title': 'experiences.title.errors.invalidText' }, 'nested');
  });

  it('A logged-out visitor asking for a sign-in code with a NUL in the email gets a field error', async () => {
    expectRefused(
      await guest().post('/auth/send-email-otp', { email: 'a\u0000@b.co' }),
      { email: 'email.errors.invalidText' },
      'send-email-otp',
    );
    expectRefused(
      await guest().post('/auth/company/self/signup/step-1', { email: 'a\u0000@b.co' }),
      { email: 'email.errors.invalidText' },
      'sign-up',
    );
    expectRefused(
      await guest().post('/auth/community/magic-link/signup', { email: '\ud83d@b.co', agreeTerms: true }),
      { email: 'email.errors.invalidText' },
      'community',
    );
  });

  it('A long hostile text is refused as fast as a short one: an email of dots, a name of spaces (900 kB each)', async () => {
    // Checked by patterns that backtracked over such text, these took hours of one process (time in the square of
    // the length), every other request waiting; in proportion to the length, they answer at once.
    const dots = `a@${'.'.repeat(900_000)};`;
    for (const path of ['/auth/send-email-otp', '/auth/forgot-password', '/auth/community/magic-link/signup'])
      expectRefused(await guest().post(path, { email: dots }), undefined, path);
    const res = await guest().post('/auth/community/traditional-email/signup', {
      ...{
        firstName: `${' '.repeat(900_000)}${'x'.repeat(100)}`,
        lastName: 'A',
        email: 'a@acme.example.com',
        agreeTerms: true,
      },
    });
    expectRefused(res, undefined, 'a name of spaces');
    expect(Object.keys(res.body.error?.fields ?? {})).toEqual(['firstName']);
  }, 30_000);

  it('A NUL or a malformed escape in the query string or the path is refused', async () => {
    expectRefused(await guest().get('/dev/outbox?to=%00'), { to: 'to.errors.invalidText' }, 'query NUL');
    expectRefused(await guest().get('/dev/outbox?to=%FF'), { to: 'to.errors.invalidText' }, 'malformed escape');
    expectRefused(await guest().get('/dev/outbox?to=%ED%A0%80'), { to: 'to.errors.invalidText' }, 'encoded surrogate');
    expectRefused(await admin.get('/candidates/Candidate:1%00'), { path: 'path.errors.invalidText' }, 'path NUL');
    expectRefused(await admin.get('/candidates/%C0'), { path: 'path.errors.invalidText' }, 'path escape');
  });

  it('A body whose bytes are not UTF-8 is refused instead of read with replacement characters', async () => {
    const before = await rowCount(
      t.knex,
      resources.find((e) => e.name === 'skill')!,
    );
    const raw = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const sent = await admin
      .post('/skills')
      .set('Content-Type', 'application/json')
      .serialize((body: unknown) => body as string)
      .send(raw as unknown as object);
    expectRefused(sent, { body: 'body.errors.invalidText' }, 'latin-1 byte');
    expect(
      await rowCount(
        t.knex,
        resources.find((e) => e.name === 'skill')!,
      ),
    ).toBe(before);
  });
});

describe('Prototype keys in bodies', () => {
  it('A body with __proto__, constructor or prototype keys is refused and pollutes nothing', async () => {
    for (const raw of [
      '{"name":"x","__proto__":{"polluted":true}}',
      '{"name":"x","constructor":{"prototype":{"polluted":true}}}',
      '{"a":{"b":{"prototype":1}}}',
    ]) {
      const res = await admin.post('/skills').set('Content-Type', 'application/json').send(raw);
      expect(res.status, raw).toBe(400);
      expect(
        Object.values(res.body.error.fields ?? {}).every((v) => String(v).endsWith('.errors.notAllowedKey')),
        raw,
      ).toBe(true);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('A body nested deeper than any payload of the product is refused without overflowing', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    expectRefused(
      await admin.post('/skills').set('Content-Type', 'application/json').send(deep),
      { a: 'a.errors.tooDeep' },
      'deep',
    );
    const arrays = `{"name":${'['.repeat(50000)}${']'.repeat(50000)}}`;
    expectRefused(
      await admin.post('/skills').set('Content-Type', 'application/json').send(arrays),
      { name: 'name.errors.tooDeep' },
      'arrays',
    );
  });

  it('A body that is not a JSON object or a multipart form is refused with 415 or 400', async () => {
    const text = await admin.post('/skills').set('Content-Type', 'text/plain').send('name=x');
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('errors.unsupportedMediaType');
    const form = await admin.post('/auth/logout').set('Content-Type', 'application/x-www-form-urlencoded').send('a=b');
    expect(form.status).toBe(415);
    expectRefused(
      await admin.post('/skills').set('Content-Type', 'application/json').send('[{"name":"x"}]'),
      { body: 'body.errors.notAnObject' },
      'array',
    );
  });
});

describe('Logging of refused requests', () => {
  it('Client faults are not logged as errors, and no SQL reaches the log', async () => {
    const error = vi.spyOn(logger, 'error');
    const warn = vi.spyOn(logger, 'warn');
    await admin.get(`/candidates?${listQuery({ filter: { createdAt_lte: '+275760-09-13T00:00:00Z' } })}`);
    await guest().get(`/countries?${listQuery({ sort: ['constructor', 'ASC'] })}`);
    await admin.post('/tags', { name: 'a\u0000b', description: 'x', identifier: 'y', icon: 'z' });
    await admin.post('/tags', { name: 'Dup', description: 'x', identifier: 'toptalent', icon: 'star' });
    expect(error).not.toHaveBeenCalled();
    for (const call of warn.mock.calls) expect(JSON.stringify(call)).not.toMatch(/select|insert|update .* set/i);
  });
});
